import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, MESSAGES } from '@creadefi/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { users } from '../../db/schema';
import { rethrowUserConflict } from './service';
import { uniqueViolation } from '../../db/unique-violation';
import { pseudoKey } from './pseudo-key';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The error the database really raises, as the driver and drizzle wrap it. */
async function insertError(values: typeof users.$inferInsert): Promise<unknown> {
  try {
    await t.ctx.db.insert(users).values(values);
  } catch (error) {
    return error;
  }
  throw new Error('the insert was accepted');
}

describe('unique indexes on users, when two writes race past the friendly checks', () => {
  it('map a duplicate e-mail (any case) and a duplicate pseudo to their 409', async () => {
    await t.ctx.db.insert(users).values({ email: 'unique@exemple.fr', pseudo: 'Unique', pseudoKey: pseudoKey('Unique') });
    const email = await insertError({ email: 'UNIQUE@exemple.fr', pseudo: 'Autre', pseudoKey: pseudoKey('Autre') });
    const pseudo = await insertError({ email: 'autre@exemple.fr', pseudo: 'unique', pseudoKey: pseudoKey('unique') });
    expect(uniqueViolation(email)).toBe('users_email_key');
    expect(uniqueViolation(pseudo)).toBe('users_pseudo_key');

    const asAnswer = (e: unknown) => {
      try {
        rethrowUserConflict(e);
      } catch (mapped) {
        return mapped;
      }
    };
    expect(asAnswer(email)).toMatchObject({ status: 409, message: MESSAGES.auth.emailTaken });
    expect(asAnswer(pseudo)).toMatchObject({ status: 409, message: MESSAGES.auth.pseudoTaken });
    expect(asAnswer(pseudo)).toBeInstanceOf(AppError);
  });

  it('leave other errors alone', () => {
    const other = new Error('autre chose');
    expect(uniqueViolation(other)).toBeNull();
    expect(() => rethrowUserConflict(other)).toThrow(other);
  });
});
