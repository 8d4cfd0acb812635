import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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
