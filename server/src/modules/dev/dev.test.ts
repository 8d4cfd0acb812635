import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/dev/outbox', () => {
  it('lists the outbox newest first, with each mail’s link', async () => {
    // The outbox orders its mails by the time they were written. The clock stays near the real
    // one: the app's job queue, running beside, times its work from the same Date.
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    try {
      await t.outbox.send({ to: 'premier@exemple.fr', subject: 'Premier', text: 'Un', link: 'http://localhost:3000/verify/premier' });
      vi.setSystemTime(start + 1000);
      await t.outbox.send({ to: 'second@exemple.fr', subject: 'Second', text: 'Deux' });
    } finally {
      vi.useRealTimers();
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(200);
    const mails = res.json().results.mails;
    expect(mails.map((m: { to: string }) => m.to)).toEqual(['second@exemple.fr', 'premier@exemple.fr']);
    expect(mails[1]).toEqual({ id: expect.any(String), to: 'premier@exemple.fr', subject: 'Premier', date: expect.any(String), link: 'http://localhost:3000/verify/premier' });
    expect(mails[0].link).toBeNull();
    expect(mails[0]).not.toHaveProperty('text');
  });

  it.each([
    ['in production', { NODE_ENV: 'production' as const }],
    ['with the SMTP transport', { MAIL_TRANSPORT: 'smtp' as const, SMTP_URL: 'smtp://127.0.0.1:2525' }],
  ])('does not exist %s', async (_label, env) => {
    const other = await createTestApp({ env });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message.code).toBe(404);
    } finally {
      await other.close();
    }
  });
});
