/**
 * A local stand-in for exactly the MangoPay endpoints the adapter calls, for tests: it
 * records every request and answers like MangoPay's API v2.01 does. Wallets it created (or
 * funded) keep a balance from the pay-ins, transfers and pay-outs that touched them, and a
 * transfer beyond a known wallet's balance fails as MangoPay's does.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface StubRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | string | null;
}

type Json = Record<string, unknown>;

export interface MangopayStub {
  baseUrl: string;
  clientId: string;
  apiKey: string;
  requests: StubRequest[];
  payIns: Map<string, Json>;
  payouts: Map<string, Json>;
  transfers: Map<string, Json>;
  refunds: Map<string, Json>;
  /** The platform's user and promotions wallet, as the app is configured with them. */
  platformUserId: string;
  promotionsWalletId: string;
  /** The environment of an app that pays through this stub. */
  env: Record<string, string>;
  /** Money put in a wallet from outside (the platform's bank wire to its promotions wallet). */
  fund(walletId: string, amountCents: number): void;
  balance(walletId: string): number;
  /** The next API call (not the token) answers this status and body. */
  failNext(status: number, body?: Json): void;
  close(): Promise<void>;
}

export async function startMangopayStub(clientId = 'creadefi-test', apiKey = 'cle-secrete'): Promise<MangopayStub> {
  const requests: StubRequest[] = [];
  const payIns = new Map<string, Json>();
  const payouts = new Map<string, Json>();
  const transfers = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const platformUserId = 'plateforme';
  const promotionsWalletId = 'promotions';
  const wallets = new Set<string>([promotionsWalletId]);
  const funding = new Map<string, number>();
  const amount = (funds: unknown) => Number((funds as Json | undefined)?.Amount ?? 0);
  const balance = (walletId: string) => {
    let total = funding.get(walletId) ?? 0;
    for (const p of payIns.values()) if (p.Status === 'SUCCEEDED' && p.CreditedWalletId === walletId) total += amount(p.DebitedFunds) - amount(p.Fees);
    for (const t of transfers.values()) {
      if (t.Status !== 'SUCCEEDED') continue;
      if (t.CreditedWalletId === walletId) total += amount(t.DebitedFunds) - amount(t.Fees);
      if (t.DebitedWalletId === walletId) total -= amount(t.DebitedFunds);
    }
    for (const p of payouts.values()) if (p.Status !== 'FAILED' && p.DebitedWalletId === walletId) total -= amount(p.DebitedFunds);
    for (const r of refunds.values()) if (r.Status === 'SUCCEEDED' && r.DebitedWalletId === walletId) total -= amount(r.DebitedFunds);
    return total;
  };
  /** MangoPay answers a repeated Idempotency-Key with the first answer, without acting again. */
  const idempotent = new Map<string, { status: number; payload: Json }>();
  let seq = 1000;
  let failure: { status: number; body: Json } | null = null;
  const nextId = () => String(++seq);

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      let body: StubRequest['body'] = null;
      if (raw) {
        try {
          body = JSON.parse(raw) as Json;
        } catch {
          body = raw;
        }
      }
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
      const send = (status: number, payload: Json) => {
        if (key && req.method === 'POST' && status < 500) idempotent.set(key, { status, payload });
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const data = (body && typeof body === 'object' ? body : {}) as Json;

      if (req.method === 'POST' && path === '/v2.01/oauth/token') {
        const expected = `Basic ${Buffer.from(`${clientId}:${apiKey}`).toString('base64')}`;
        if (req.headers.authorization !== expected) return send(401, { Message: 'invalid_client' });
        return send(200, { access_token: 'jeton-de-test', token_type: 'Bearer', expires_in: 3600 });
      }
      if (req.headers.authorization !== 'Bearer jeton-de-test') return send(401, { Message: 'Authorization has been denied' });
      const replay = key && req.method === 'POST' ? idempotent.get(key) : undefined;
      if (replay) {
        res.writeHead(replay.status, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(replay.payload));
      }
      if (failure) {
        const f = failure;
        failure = null;
        return send(f.status, f.body);
      }
      const prefix = `/v2.01/${clientId}`;
      if (!path.startsWith(prefix)) return send(404, { Message: 'not found', Type: 'ressource_not_found' });
      const p = path.slice(prefix.length);
      let m: RegExpExecArray | null;

      if (req.method === 'POST' && (p === '/users/natural' || p === '/users/legal')) {
        return send(200, { ...data, Id: nextId(), PersonType: p.endsWith('natural') ? 'NATURAL' : 'LEGAL', CreationDate: 1_700_000_000 });
      }
      if (req.method === 'PUT' && (m = /^\/users\/(natural|legal)\/([^/]+)$/.exec(p))) {
        return send(200, { ...data, Id: m[2] });
      }
      if (req.method === 'POST' && p === '/wallets') {
        const id = nextId();
        wallets.add(id);
        return send(200, { ...data, Id: id, Balance: { Currency: 'EUR', Amount: 0 } });
      }
      if (req.method === 'GET' && (m = /^\/wallets\/([^/]+)$/.exec(p))) {
        const id = m[1]!;
        if (!wallets.has(id) && !funding.has(id)) return send(404, { Message: 'The ressource does not exist', Type: 'ressource_not_found' });
        return send(200, { Id: id, Currency: 'EUR', Balance: { Currency: 'EUR', Amount: balance(id) } });
      }
      if (req.method === 'POST' && p === '/payins/card/web/') {
        const id = nextId();
        const payIn = { ...data, Id: id, Status: 'CREATED', ResultMessage: null, RedirectURL: `https://paiement.stub.test/pay/${id}`, CreditedFunds: data.DebitedFunds };
        payIns.set(id, payIn);
        return send(200, payIn);
      }
      if (req.method === 'GET' && (m = /^\/payins\/([^/]+)$/.exec(p))) {
        const payIn = payIns.get(m[1]!);
        return payIn ? send(200, payIn) : send(404, { Message: 'The ressource does not exist', Type: 'ressource_not_found' });
      }
      if (req.method === 'POST' && (m = /^\/payins\/([^/]+)\/refunds$/.exec(p))) {
        const payIn = payIns.get(m[1]!);
        if (!payIn) return send(404, { Message: 'The ressource does not exist', Type: 'ressource_not_found' });
        const wallet = String(payIn.CreditedWalletId);
        let refunded = 0;
        for (const r of refunds.values()) if (r.InitialTransactionId === payIn.Id && r.Status === 'SUCCEEDED') refunded += amount(r.DebitedFunds);
        const id = nextId();
        const base = { ...data, Id: id, Type: 'PAYOUT', Nature: 'REFUND', InitialTransactionId: payIn.Id, InitialTransactionType: 'PAYIN', DebitedWalletId: wallet };
        const refusal =
          payIn.Status !== 'SUCCEEDED'
            ? 'The PayIn has not succeeded'
            : refunded + amount(data.DebitedFunds) > amount(payIn.DebitedFunds)
              ? 'The refund amount is greater than the remaining amount of the PayIn'
              : balance(wallet) < amount(data.DebitedFunds)
                ? 'Unsufficient wallet balance'
                : null;
        const refund = refusal ? { ...base, Status: 'FAILED', ResultCode: '001401', ResultMessage: refusal } : { ...base, Status: 'SUCCEEDED', ResultCode: '000000', ResultMessage: 'Success' };
        refunds.set(id, refund);
        return send(200, refund);
      }
      if (req.method === 'POST' && (m = /^\/users\/([^/]+)\/bankaccounts\/iban$/.exec(p))) {
        return send(200, { ...data, Id: nextId(), UserId: m[1], Active: true });
      }
      if (req.method === 'POST' && p === '/payouts/bankwire/') {
        const id = nextId();
        const payout = { ...data, Id: id, Status: 'CREATED', ResultMessage: null };
        payouts.set(id, payout);
        return send(200, payout);
      }
      if (req.method === 'GET' && (m = /^\/payouts\/([^/]+)$/.exec(p))) {
        const payout = payouts.get(m[1]!);
        return payout ? send(200, payout) : send(404, { Message: 'The ressource does not exist', Type: 'ressource_not_found' });
      }
      if (req.method === 'POST' && p === '/transfers') {
        const debited = String(data.DebitedWalletId);
        const short = (wallets.has(debited) || funding.has(debited)) && balance(debited) < amount(data.DebitedFunds);
        const id = nextId();
        const transfer = short
          ? { ...data, Id: id, Status: 'FAILED', ResultCode: '001001', ResultMessage: 'Unsufficient wallet balance' }
          : { ...data, Id: id, Status: 'SUCCEEDED', ResultCode: '000000', ResultMessage: 'Success' };
        transfers.set(id, transfer);
        return send(200, transfer);
      }
      return send(404, { Message: `no stub for ${req.method} ${p}`, Type: 'ressource_not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    clientId,
    apiKey,
    requests,
    payIns,
    payouts,
    transfers,
    refunds,
    platformUserId,
    promotionsWalletId,
    env: {
      PAYMENT_PROVIDER: 'mangopay',
      MANGOPAY_CLIENT_ID: clientId,
      MANGOPAY_API_KEY: apiKey,
      MANGOPAY_BASE_URL: `http://127.0.0.1:${port}`,
      MANGOPAY_PLATFORM_USER_ID: platformUserId,
      MANGOPAY_PROMOTIONS_WALLET_ID: promotionsWalletId,
    },
    fund: (walletId, cents) => {
      funding.set(walletId, (funding.get(walletId) ?? 0) + cents);
    },
    balance,
    failNext: (status, body = { Message: 'One or several required parameters are missing or incorrect.', Type: 'param_error', errors: { Email: 'invalid' } }) => {
      failure = { status, body };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
