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

  const seller = {
    INVOICE_SELLER_NAME: 'Créadéfi SAS',
    INVOICE_SELLER_LEGAL_FORM: 'SAS au capital de 10 000 €',
    INVOICE_SELLER_ADDRESS: '1 rue de Paris, 75001 Paris',
    INVOICE_SELLER_SIREN: '552 100 554',
    INVOICE_SELLER_RCS: 'RCS Paris 552 100 554',
    INVOICE_SELLER_VAT_NUMBER: 'FR 12 552100554',
  };
  const mangopay = { PAYMENT_PROVIDER: 'mangopay', MANGOPAY_CLIENT_ID: 'c', MANGOPAY_API_KEY: 'k', MANGOPAY_PLATFORM_USER_ID: 'u', MANGOPAY_PROMOTIONS_WALLET_ID: 'w' };

  it('says that a deployment on its own database still takes payments in the sandbox, and invoices for an example company', () => {
    const said = startupWarnings(loadConfig(production)).join('\n');
    expect(said).toContain('PAYMENT_PROVIDER=sandbox');
    expect(said).toContain('société d’exemple');
    expect(startupWarnings(loadConfig({ ...production, ...mangopay, ...seller }))).toEqual([]);
  });

  it('puts the configured company on the invoices, and refuses real payments without one', () => {
    expect(loadConfig({ ...production, ...seller })).toMatchObject({ invoiceSellerConfigured: true, invoiceSeller: { name: 'Créadéfi SAS', siren: '552 100 554', vatNumber: 'FR 12 552100554' } });
    expect(() => loadConfig({ ...production, ...mangopay })).toThrow('INVOICE_SELLER_*) sont requises quand PAYMENT_PROVIDER=mangopay en production');
    // Half a seller is no seller: an invoice must carry every detail.
    expect(() => loadConfig({ ...production, INVOICE_SELLER_NAME: 'Créadéfi SAS' })).toThrow('vont ensemble');
    expect(() => loadConfig({ ...production, ...seller, INVOICE_SELLER_SIREN: '12345' })).toThrow('un SIREN a 9 chiffres');
    expect(() => loadConfig({ ...production, ...seller, INVOICE_SELLER_VAT_NUMBER: '12345' })).toThrow('Configuration invalide');
  });

  it('keeps quiet on the embedded demonstration that `npm start` runs', () => {
    expect(startupWarnings(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' }))).toEqual([]);
  });
});

describe('FILE_STORE', () => {
  it('keeps files on disk by default and asks for the bucket and its keys for an S3 store', () => {
    expect(loadConfig({}).FILE_STORE).toBe('disk');
    expect(() => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'fichiers' })).toThrow('S3_BUCKET, S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY sont requis quand FILE_STORE=s3');
    expect(() => loadConfig({ FILE_STORE: 'ftp' })).toThrow('Configuration invalide');
    const s3 = loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'fichiers', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' });
    expect(s3).toMatchObject({ FILE_STORE: 's3', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true, S3_ENDPOINT: 'http://127.0.0.1:9000' });
  });
});
