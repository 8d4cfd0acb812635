import path from 'node:path';
import type { Config } from '../../config';
import { DiskFileStore } from './disk';
import type { FileStore } from './port';
import { createS3Client, S3FileStore } from './s3';

/**
 * Uploaded files live beside the embedded database, outside anything served statically, or in
 * an S3-compatible store when several servers share them (FILE_STORE=s3).
 */
export function createFileStore(config: Config): FileStore {
  if (config.FILE_STORE === 's3') {
    const client = createS3Client({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET!,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
    // No request outlives REQUEST_TIMEOUT_SECONDS: an upload older than that plus a margin
    // belongs to no running server, whichever started it.
    return new S3FileStore(client, config.S3_BUCKET!, { abandonedAfterMs: (config.REQUEST_TIMEOUT_SECONDS + 600) * 1000 });
  }
  return new DiskFileStore(path.join(config.dataDir, 'uploads'));
}

export type { FileStore } from './port';
