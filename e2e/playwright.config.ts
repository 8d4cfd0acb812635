/**
 * Browser journeys in Debian's Chromium against the built app, served on a fresh embedded
 * database in a temporary data folder.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN } from './tests/admin';

const port = Number(process.env.E2E_PORT ?? 3199);
export const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One more try for a journey: a headless Chromium that stops painting mid-run (seen once, on a
  // step that passes alone) must not hide what the other journeys say; a flaky one is reported so.
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    // An administrator first (the journeys create promo codes through the API), then the server.
    command: 'npx tsx ../server/src/scripts/create-admin.ts && npx tsx ../server/src/main.ts',
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      // Production-like in every respect but one: outside production the server lists the
      // mails it wrote (GET /api/dev/outbox), which the journeys follow like a person would.
      NODE_ENV: 'test',
      // As deployed (docs/deploy.md): the server draws a member's page with the times of day
      // their browser shows, so that the app takes the page over instead of drawing it again.
      TZ: 'Europe/Paris',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      // Journeys sign in many times from one address.
      AUTH_RATE_LIMIT: '1000',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
    },
  },
});
