import { Readable } from 'node:stream';
import { CreateMultipartUploadCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../../test/s3-server';
import { fileStoreContract } from './contract';
import { newStorageKey } from './port';

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterAll(async () => {
  await s3.close();
});

fileStoreContract('S3FileStore', async () => ({
  store: s3.store(),
  leftovers: () => s3.leftovers(),
  // Each test starts from an empty bucket.
  close: async () => {
    const store = s3.store();
    for await (const key of store.listKeys(new Date(Date.now() + 60_000))) await store.delete(key);
  },
}));

describe('S3FileStore', () => {
  it('aborts only the multipart uploads older than any request can last: another server may be writing the others', async () => {
    const store = s3.store({ abandonedAfterMs: 60 * 60 * 1000 });
    const kept = newStorageKey();
    await store.write(kept, Readable.from([Buffer.from('gardé')]), { maxBytes: 10 });
    await store.client.send(new CreateMultipartUploadCommand({ Bucket: store.bucket, Key: newStorageKey() }));
    expect(await store.removeAbandonedWrites()).toBe(0);
    expect(s3.leftovers()).toHaveLength(2);
    s3.backdateUploads(2 * 60 * 60 * 1000);
    expect(await store.removeAbandonedWrites()).toBe(1);
    expect(s3.leftovers()).toEqual([kept]);
    await store.delete(kept);
  });
});
