/**
 * The handover of a validated delivery (docs/decisions/0013): the contract, the statement and
 * the invoice generated once per validation whoever validates, stored, hashed in the ledger,
 * read back as text; the contract accepted by each party once; the documents given to their
 * readers only; invoice numbers without a gap.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  ASSIGNED_RIGHTS,
  AUTO_VALIDATION_DELAY_MS,
  FIELD_OF_EXPLOITATION,
  HANDOVER_DOCUMENT_TEXTS,
  MESSAGES,
  formatEuros,
  formatInvoiceNumber,
  formatParisDate,
  splitVat,
  type HandoverDto,
} from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildFinalisedContest, buildLegalStatus, buildOrganiser, buildUser, type TestUser } from '../../test/factories';
import { contractAcceptances, files, handoverDocuments, handovers, invoiceSequences, ledgerEntries, ledgerOperations, legalStatuses, users } from '../../db/schema';
import { fakePng, multipartBody, storedFiles } from '../files/test-helpers';
import { checkLedger } from '../ledger/check';
import { autoValidateFinalFiles } from '../../jobs/auto-validate';
import { jobs } from '../../jobs';
import { FEE_INVOICE_SERIES } from './open';
import { flat, pdfText } from './test-helpers';

const H = MESSAGES.handover;

let t: TestApp;
/** The company the server is configured with, as the invoice must name it. */
const SELLER = {
  name: 'Plateforme Essai SAS',
  legalForm: 'Société par actions simplifiée au capital de 20 000 €',
  address: '3 quai des Essais, 69002 Lyon, France',
  siren: '552 100 554',
  rcs: 'RCS Lyon 552 100 554',
  vatNumber: 'FR 12 552100554',
};
let organiser: TestUser & { ownerId: string; payerId: string };
let admin: TestUser;
let stranger: TestUser;
const SIRET = '73282932000074';

beforeAll(async () => {
  t = await createTestApp({
    env: {
      INVOICE_SELLER_NAME: SELLER.name,
      INVOICE_SELLER_LEGAL_FORM: SELLER.legalForm,
      INVOICE_SELLER_ADDRESS: SELLER.address,
      INVOICE_SELLER_SIREN: SELLER.siren,
      INVOICE_SELLER_RCS: SELLER.rcs,
      INVOICE_SELLER_VAT_NUMBER: SELLER.vatNumber,
    },
  });
  organiser = await buildOrganiser(t.ctx);
  await t.ctx.db.insert(legalStatuses).values({
    userId: organiser.id,
    statut: 2,
    socialReason: 'Boulangerie Élise SAS',
    legalStatus: 3,
    address: '12 rue des Lilas',
    zip: '69003',
    city: 'Lyon',
    country: 'FR',
    numSiret: SIRET,
    numTva: 'FR44732829320',
    certifiedAt: t.clock.now(),
  });
  admin = await buildUser(t.ctx, { isAdmin: true });
  stranger = await buildUser(t.ctx);
});
afterAll(() => t.close());

type Winner = { user: TestUser; participationId: number };

/** A finalised contest whose winners (a person each, with their address) sent two final files. */
async function delivered(winners = 1, costCents = 30_000) {
  const { contest, winners: ws } = await buildFinalisedContest(t.ctx, organiser, { winners, contest: { costCents } });
  for (const w of ws) {
    await buildLegalStatus(t.ctx, w.user.id);
    await t.ctx.db.update(users).set({ firstName: 'Hélène', lastName: 'Œillet' }).where(eq(users.id, w.user.id));
    for (const filename of ['logo-final.png', 'logo-déclinaison.png']) {
      const body = multipartBody([{ name: 'idParticipation', value: String(w.participationId) }, { name: 'fileFinale', filename, content: fakePng(2000 + filename.length) }]);
      const res = await t.app.inject({ method: 'POST', url: '/api/concours/participant/upload/finalFile', headers: { ...w.user.headers, ...body.headers }, payload: body.payload });
      expect(res.statusCode).toBe(200);
    }
  }
  return { contest, winners: ws as Winner[] };
}

const validate = (idConcours: number, idParticipation: number) =>
  t.app.inject({ method: 'POST', url: '/api/concours/winner/final', headers: organiser.headers, payload: { idConcours, idParticipation } });

const handoverOf = async (user: TestUser, participationId: number) => t.app.inject({ method: 'GET', url: `/api/participation/${participationId}/handover`, headers: user.headers });
const download = (user: TestUser, participationId: number, kind: string) => t.app.inject({ method: 'GET', url: `/api/participation/${participationId}/handover/${kind}`, headers: user.headers });
const accept = (user: TestUser, participationId: number) => t.app.inject({ method: 'POST', url: `/api/participation/${participationId}/contract/accept`, headers: user.headers });

async function ledgerCents(participationId: number) {
  const rows = await t.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.operationKey, `prize:${participationId}`));
  const of = (prefix: string) => Number(rows.find((r) => r.accountCode.startsWith(prefix))!.amountCents);
  return { gross: -of('escrow:'), fee: of('platform:fees'), net: of('wallet:') };
}

describe('the handover documents', () => {
  it('are generated after the organiser validates: the contract names the parties, the files and their hashes, each right, the field, the price and the date', async () => {
    const { contest, winners } = await delivered();
    const w = winners[0]!;
    expect((await validate(contest.id, w.participationId)).statusCode).toBe(200);
    await t.settled();

    const res = await download(organiser, w.participationId, 'contract');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`contrat-de-cession-${w.participationId}.pdf`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(flat(HANDOVER_DOCUMENT_TEXTS.contract.title));
    // The parties: the company by its name, SIRET and address; the talent by name and address.
    expect(text).toContain(`Boulangerie Élise SAS, SIRET ${SIRET}`);
    expect(text).toContain('Hélène Œillet');
    expect(text).toContain('12 rue des Lilas, 69003 Lyon, France');
    // The work: every final file with its SHA-256.
    const finals = await t.ctx.db.select().from(files).where(and(eq(files.participationId, w.participationId), eq(files.kind, 'final')));
    expect(finals).toHaveLength(2);
    for (const f of finals) expect(text).toContain(`${f.filename} — SHA-256 : ${f.sha256}`);
    // Each right with its own clause, and the field of exploitation (CPI, art. L131-3).
    for (const right of ASSIGNED_RIGHTS) {
      expect(text).toContain(right.name);
      expect(text).toContain(flat(right.clause));
    }
    for (const part of Object.values(FIELD_OF_EXPLOITATION)) expect(text).toContain(flat(part));
    expect(text).toContain(flat(formatEuros(contest.costCents)));
    expect(text).toMatch(/300 €/);
    expect(text).toContain(`Fait le ${formatParisDate(t.clock.now())}`);
    expect(formatParisDate(t.clock.now())).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it('give the talent a statement whose three amounts are the ledger’s cents, the organiser a numbered invoice, and hash all three in the ledger entry', async () => {
    const { contest, winners } = await delivered(1, 25_050);
    const w = winners[0]!;
    expect((await validate(contest.id, w.participationId)).statusCode).toBe(200);
    await t.settled();
    const cents = await ledgerCents(w.participationId);
    expect(cents.gross).toBe(cents.net + cents.fee);

    const statement = await download(w.user, w.participationId, 'statement');
    expect(statement.statusCode).toBe(200);
    const s = await pdfText(statement.rawPayload);
    expect(s).toContain(`${flat(HANDOVER_DOCUMENT_TEXTS.statement.gross)} ${flat(formatEuros(cents.gross))}`);
    expect(s).toContain(`${flat(HANDOVER_DOCUMENT_TEXTS.statement.fee(20))} - ${flat(formatEuros(cents.fee))}`);
    expect(s).toContain(`${flat(HANDOVER_DOCUMENT_TEXTS.statement.net)} ${flat(formatEuros(cents.net))}`);
    expect(s).toContain('250,50 €');

    const [handover] = await t.ctx.db.select().from(handovers).where(eq(handovers.participationId, w.participationId));
    const invoice = await download(organiser, w.participationId, 'invoice');
    expect(invoice.statusCode).toBe(200);
    const i = await pdfText(invoice.rawPayload);
    const vat = splitVat(cents.fee);
    expect(vat.htCents + vat.vatCents).toBe(cents.fee);
    expect(i).toContain(`Facture n° ${formatInvoiceNumber(handover!.invoiceNumber)}`);
    expect(i).toContain(`Date d'émission : ${formatParisDate(handover!.issuedAt)}`);
    // The seller is the company the server is configured with, with every detail the law asks for.
    for (const detail of Object.values(SELLER)) expect(i).toContain(detail);
    expect(i).toContain(`Boulangerie Élise SAS`);
    expect(i).toContain(`Total HT ${flat(formatEuros(vat.htCents))}`);
    expect(i).toContain(`TVA (20 %) ${flat(formatEuros(vat.vatCents))}`);
    expect(i).toContain(`Total TTC ${flat(formatEuros(cents.fee))}`);

    // The ledger entry records the hashes of the very bytes served.
    const [op] = await t.ctx.db.select().from(ledgerOperations).where(eq(ledgerOperations.key, `prize:${w.participationId}`));
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    const contract = await download(w.user, w.participationId, 'contract');
    expect(op!.metadata).toEqual({
      handover: {
        documents: { contract: sha(contract.rawPayload), statement: sha(statement.rawPayload), invoice: sha(invoice.rawPayload) },
        invoiceNumber: formatInvoiceNumber(handover!.invoiceNumber),
      },
    });
    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });

  it('are generated once under 20 validations at once, with one invoice number', async () => {
    const before = (await t.ctx.db.select().from(invoiceSequences).where(eq(invoiceSequences.series, FEE_INVOICE_SERIES)))[0]!.lastNumber;
    const { contest, winners } = await delivered();
    const w = winners[0]!;
    const answers = await Promise.all(Array.from({ length: 20 }, () => validate(contest.id, w.participationId)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    // The job's passes race the validation's own.
    const { storeHandoverDocuments } = await import('./store');
    await Promise.all(Array.from({ length: 5 }, () => storeHandoverDocuments(t.ctx, [w.participationId])));
    await t.settled();
    const docs = await t.ctx.db.select().from(handoverDocuments).where(eq(handoverDocuments.participationId, w.participationId));
    expect(docs.map((d) => d.kind).sort()).toEqual(['contract', 'invoice', 'statement']);
    for (const d of docs) expect(await t.ctx.files.stat(d.storageKey)).not.toBeNull();
    const after = (await t.ctx.db.select().from(invoiceSequences).where(eq(invoiceSequences.series, FEE_INVOICE_SERIES)))[0]!.lastNumber;
    expect(after).toBe(before + 1);
    // The passes that lost the race left no file behind: every stored document has its row.
    const recorded = (await t.ctx.db.select({ key: handoverDocuments.storageKey }).from(handoverDocuments)).map((d) => d.key).sort();
    expect(storedFiles(t.dataDir).filter((f) => f.startsWith('h/')).sort()).toEqual(recorded);
    // Stored documents are never generated again.
    const keys = docs.map((d) => d.storageKey).sort();
    expect(await storeHandoverDocuments(t.ctx)).toBe(0);
    expect((await t.ctx.db.select().from(handoverDocuments).where(eq(handoverDocuments.participationId, w.participationId))).map((d) => d.storageKey).sort()).toEqual(keys);
  });

  it('are generated by the automatic validation too', async () => {
    const { winners } = await delivered();
    const w = winners[0]!;
    t.clock.advance(AUTO_VALIDATION_DELAY_MS + 60_000);
    expect(await autoValidateFinalFiles(t.ctx)).toBeGreaterThanOrEqual(1);
    const docs = await t.ctx.db.select().from(handoverDocuments).where(eq(handoverDocuments.participationId, w.participationId));
    expect(docs).toHaveLength(3);
    const [op] = await t.ctx.db.select().from(ledgerOperations).where(eq(ledgerOperations.key, `prize:${w.participationId}`));
    expect((op!.metadata as { handover: { documents: Record<string, string> } }).handover.documents.contract).toBe(docs.find((d) => d.kind === 'contract')!.sha256);
    expect(await checkLedger(t.ctx.db)).toEqual([]);
  });

  it('are generated when an admin settles a dispute by validating', async () => {
    const { winners } = await delivered();
    const w = winners[0]!;
    const opened = await t.app.inject({ method: 'POST', url: `/api/participation/${w.participationId}/dispute`, headers: organiser.headers, payload: { reason: 'La livraison ne suit pas le brief.' } });
    expect(opened.statusCode).toBe(201);
    const id = opened.json().results.dispute.id as number;
    const resolved = await t.app.inject({ method: 'POST', url: `/api/admin/disputes/${id}/resolve`, headers: admin.headers, payload: { outcome: 'validate', reason: 'Livraison conforme.' } });
    expect(resolved.statusCode).toBe(200);
    await t.settled();
    expect(await t.ctx.db.select().from(handoverDocuments).where(eq(handoverDocuments.participationId, w.participationId))).toHaveLength(3);
  });

  it('left unstored by a failing store are stored by the job’s next pass', async () => {
    const { contest, winners } = await delivered();
    const w = winners[0]!;
    const spy = vi.spyOn(t.ctx.files, 'write').mockRejectedValueOnce(new Error('disque plein'));
    try {
      expect((await validate(contest.id, w.participationId)).statusCode).toBe(200);
      await t.settled();
    } finally {
      spy.mockRestore();
    }
    const waiting = (await handoverOf(w.user, w.participationId)).json().results.handover as HandoverDto;
    expect(waiting.ready).toBe(false);
    expect(waiting.documents).toEqual([]);
    expect((await accept(w.user, w.participationId)).json().message.message).toBe(H.notReady);
    expect((await download(w.user, w.participationId, 'contract')).statusCode).toBe(409);
    expect(await t.ctx.db.select().from(handoverDocuments).where(eq(handoverDocuments.participationId, w.participationId))).toEqual([]);

    const job = jobs.find((j) => j.queue === 'handover-documents')!;
    expect(await job.run(t.ctx)).toBeGreaterThanOrEqual(1);
    const ready = (await handoverOf(w.user, w.participationId)).json().results.handover as HandoverDto;
    expect(ready.ready).toBe(true);
  });
});

describe('invoice numbers', () => {
  it('follow each other without a gap when many deliveries are validated at once', async () => {
    const before = (await t.ctx.db.select().from(invoiceSequences).where(eq(invoiceSequences.series, FEE_INVOICE_SERIES)))[0]!.lastNumber;
    const contests = await Promise.all(Array.from({ length: 4 }, () => delivered(2)));
    const targets = contests.flatMap(({ contest, winners }) => winners.map((w) => ({ contestId: contest.id, participationId: w.participationId })));
    // Each delivery validated three times at once: the refused ones take no number.
    const answers = await Promise.all(targets.flatMap((x) => [validate(x.contestId, x.participationId), validate(x.contestId, x.participationId), validate(x.contestId, x.participationId)]));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(targets.length);
    await t.settled();
    const rows = await t.ctx.db
      .select({ n: handovers.invoiceNumber })
      .from(handovers)
      .where(inArray(handovers.participationId, targets.map((x) => x.participationId)))
      .orderBy(asc(handovers.invoiceNumber));
    expect(rows.map((r) => r.n)).toEqual(Array.from({ length: targets.length }, (_, i) => before + 1 + i));
    // The whole series, from its first number, has none missing.
    const all = (await t.ctx.db.select({ n: handovers.invoiceNumber }).from(handovers).orderBy(asc(handovers.invoiceNumber))).map((r) => r.n);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
  });
});

describe('the contract’s acceptance and the downloads', () => {
  let w: Winner;
  beforeAll(async () => {
    const { contest, winners } = await delivered();
    w = winners[0]!;
    expect((await validate(contest.id, w.participationId)).statusCode).toBe(200);
    await t.settled();
  });

  it('is recorded once for each side, with the time and the contract’s SHA-256, however many clicks', async () => {
    const [contract] = await t.ctx.db.select().from(handoverDocuments).where(and(eq(handoverDocuments.participationId, w.participationId), eq(handoverDocuments.kind, 'contract')));
    const clicks = await Promise.all(Array.from({ length: 20 }, () => accept(organiser, w.participationId)));
    expect(clicks.map((c) => c.statusCode)).toEqual(Array(20).fill(200));
    expect(clicks[0]!.json().message).toBe(H.acceptedToast);
    let rows = await t.ctx.db.select().from(contractAcceptances).where(eq(contractAcceptances.participationId, w.participationId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: 'organiser', userId: organiser.id, documentSha256: contract!.sha256 });
    expect(rows[0]!.acceptedAt.getTime()).toBe(t.clock.now().getTime());

    t.clock.advance(60_000);
    const talent = await accept(w.user, w.participationId);
    expect(talent.statusCode).toBe(200);
    const dto = talent.json().results.handover as HandoverDto;
    expect(dto.viewerRole).toBe('talent');
    expect(dto.acceptances.organiser!.documentSha256).toBe(contract!.sha256);
    expect(dto.acceptances.talent!.acceptedAt).toBe(t.clock.now().toISOString());
    // Accepting again changes nothing.
    t.clock.advance(60_000);
    expect(((await accept(w.user, w.participationId)).json().results.handover as HandoverDto).acceptances.talent!.acceptedAt).toBe(dto.acceptances.talent!.acceptedAt);
    rows = await t.ctx.db.select().from(contractAcceptances).where(eq(contractAcceptances.participationId, w.participationId));
    expect(rows).toHaveLength(2);
  });

  it('is refused to anyone but the two parties, admins included', async () => {
    for (const user of [stranger, admin]) {
      const res = await accept(user, w.participationId);
      expect(res.statusCode).toBe(403);
      expect(res.json().message.message).toBe(H.partiesOnly);
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/participation/${w.participationId}/contract/accept` })).statusCode).toBe(401);
    expect((await accept(organiser, 999_999)).statusCode).toBe(404);
  });

  it('gives each document to its readers: the contract to both parties, the statement to the talent, the invoice to the organiser, all to admins', async () => {
    const expected: [TestUser, Record<string, number>][] = [
      [organiser, { contract: 200, statement: 403, invoice: 200 }],
      [w.user, { contract: 200, statement: 200, invoice: 403 }],
      [admin, { contract: 200, statement: 200, invoice: 200 }],
      [stranger, { contract: 403, statement: 403, invoice: 403 }],
    ];
    for (const [user, byKind] of expected) {
      for (const [kind, status] of Object.entries(byKind)) expect((await download(user, w.participationId, kind)).statusCode, `${user.pseudo} ${kind}`).toBe(status);
    }
    const listed = (user: TestUser) => handoverOf(user, w.participationId).then((r) => (r.json().results.handover as HandoverDto).documents.map((d) => d.kind));
    expect(await listed(organiser)).toEqual(['contract', 'invoice']);
    expect(await listed(w.user)).toEqual(['contract', 'statement']);
    expect(await listed(admin)).toEqual(['contract', 'statement', 'invoice']);
    expect((await handoverOf(stranger, w.participationId)).statusCode).toBe(403);
    const unknown = await download(organiser, w.participationId, 'devis');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message.message).toBe(H.unknownDocument);
  });

  it('offers each side the stored contract in My contests', async () => {
    const row = async (user: TestUser, tab: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/user/concours/${tab}?pageSize=50`, headers: user.headers });
      expect(res.statusCode).toBe(200);
      return (res.json().results.rows as { idConcours: number; contracts: { idParticipation: number; path: string; filename: string }[] }[]).flatMap((r) => r.contracts);
    };
    const contract = { idParticipation: w.participationId, path: `/api/participation/${w.participationId}/handover/contract`, filename: `contrat-de-cession-${w.participationId}.pdf` };
    expect(await row(organiser, 'organisateur')).toContainEqual(contract);
    expect(await row(w.user, 'participant')).toEqual([contract]);
    expect(await row(stranger, 'participant')).toEqual([]);
  });

  it('answers 404 with a clear message before the files are validated', async () => {
    const { winners } = await delivered();
    const res = await handoverOf(organiser, winners[0]!.participationId);
    expect(res.statusCode).toBe(404);
    expect(res.json().message.message).toBe(H.noHandover);
    expect((await accept(winners[0]!.user, winners[0]!.participationId)).statusCode).toBe(404);
  });
});
