/** The photo's tests again, with files in an S3-compatible store: no object nor open upload left behind. */
import { afterAll, expect } from 'vitest';
import { harnessDefaults } from '../../test/harness';
import { startTestS3Server } from '../../test/s3-server';

const s3 = await startTestS3Server();
harnessDefaults.env = s3.env;
// Registered before the imported file's own hooks, so it runs after them: the app closes first.
afterAll(async () => {
  // The photos kept are in the bucket, each one a member's current photo.
  expect(s3.leftovers().filter((key) => key.startsWith('a/')).length).toBeGreaterThan(0);
  await s3.close();
});
await import('./avatar.test');
