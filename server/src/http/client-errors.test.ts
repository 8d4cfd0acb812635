/**
 * Requests Node refuses before Fastify sees them are answered like every other error: the
 * envelope with a French text, JSON in UTF-8, and the security headers every answer carries.
 * Only a real socket can send what `inject` cannot: an oversized head, an unreadable request
 * line, headers that never finish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../test/harness';
import { connect, listeningPort, type RawConnection } from '../test/raw-client';

const HEADERS_S = 1;

let t: TestApp;
let port: number;
/** The security headers of an ordinary answer, by name. */
let expected: [string, string][];

beforeAll(async () => {
  t = await createTestApp({ env: { HEADERS_TIMEOUT_SECONDS: HEADERS_S } });
  port = await listeningPort(t);
  const ordinary = await t.app.inject({ method: 'GET', url: '/api/health' });
  const names = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'strict-transport-security', 'x-dns-prefetch-control', 'origin-agent-cluster'];
  expected = names.filter((name) => ordinary.headers[name] !== undefined).map((name) => [name, String(ordinary.headers[name])]);
});
afterAll(() => t.close());

function parse(raw: string): { status: number; headers: Record<string, string>; body: unknown } {
  const split = raw.indexOf('\r\n\r\n');
  const [statusLine, ...lines] = raw.slice(0, split).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine!)?.[1]), headers, body: JSON.parse(raw.slice(split + 4)) };
}

async function answerTo(send: (conn: RawConnection) => Promise<void>) {
  const conn = await connect(port);
  await send(conn);
  await conn.closed;
  return parse(conn.received());
}

function expectFrenchRefusal(answer: ReturnType<typeof parse>, status: number, message: string) {
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual({ message: { message, code: status } });
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(expected.length).toBeGreaterThanOrEqual(5);
  for (const [name, value] of expected) expect(answer.headers[name], name).toBe(value);
}

describe("Node's own refusals", () => {
  it('a 20 KB address is answered 431 in French, in the envelope, with the security headers', async () => {
    const answer = await answerTo((conn) => conn.write(`GET /api/health?q=${'a'.repeat(20_000)} HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n`));
    expectFrenchRefusal(answer, 431, MESSAGES.common.headersTooLarge);
  });

  it('a malformed request line is answered 400 in French, in the envelope, with the security headers', async () => {
    const answer = await answerTo((conn) => conn.write('N’IMPORTE QUOI\r\n\r\n'));
    expectFrenchRefusal(answer, 400, MESSAGES.common.malformedRequest);
  });

  it('headers that do not arrive in time are answered 408 in French, in the envelope, with the security headers', async () => {
    const started = Date.now();
    const answer = await answerTo((conn) => conn.write('GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\n'));
    expect(Date.now() - started).toBeLessThan((HEADERS_S + 1.5) * 1000);
    expectFrenchRefusal(answer, 408, MESSAGES.common.requestTimeout);
  });
});
