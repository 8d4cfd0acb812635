import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startupWarnings } from './startup-warnings';

describe('DEMO_DATA', () => {
  it('loads demo data on the embedded database unless told not to, and on a PostgreSQL server only when told to', () => {
    const pg = 'postgres://app@db.example.fr:5432/creadefi';
    expect(loadConfig({ NODE_ENV: 'production' }).DEMO_DATA).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'false' }).DEMO_DATA).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: pg }).DEMO_DATA).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: pg, DEMO_DATA: '' }).DEMO_DATA).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: pg, DEMO_DATA: 'true' }).DEMO_DATA).toBe(true);
  });
});

describe('startup warnings', () => {
  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://www.creadefi.fr', DATABASE_URL: 'postgres://db/creadefi', MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://mail:587' };

  it('says that a deployment on its own database still takes payments in the sandbox', () => {
    expect(startupWarnings(loadConfig(production)).join('\n')).toContain('PAYMENT_PROVIDER=sandbox');
    const real = { ...production, PAYMENT_PROVIDER: 'mangopay', MANGOPAY_CLIENT_ID: 'c', MANGOPAY_API_KEY: 'k', MANGOPAY_PLATFORM_USER_ID: 'u', MANGOPAY_PROMOTIONS_WALLET_ID: 'w' };
    expect(startupWarnings(loadConfig(real))).toEqual([]);
  });

  it('keeps quiet on the embedded demonstration that `npm start` runs', () => {
    expect(startupWarnings(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' }))).toEqual([]);
  });
});
