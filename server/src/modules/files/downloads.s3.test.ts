/** The download and preview routes' tests again, with files in an S3-compatible store. */
import { afterAll, expect } from 'vitest';
import { harnessDefaults } from '../../test/harness';
import { startTestS3Server } from '../../test/s3-server';

const s3 = await startTestS3Server();
harnessDefaults.env = s3.env;
// Registered before the imported file's own hooks, so it runs after them: the app closes first.
afterAll(async () => {
  // The files the tests read were in the bucket, not on disk.
  expect(s3.leftovers().length).toBeGreaterThan(0);
  await s3.close();
});
await import('./downloads.test');
