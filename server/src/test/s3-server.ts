/**
 * A local S3-compatible server for tests (s3rver: objects in a temporary folder, on a random
 * free port), started and stopped by the test that needs it. s3rver lacks the two calls that
 * clean up multipart uploads (listing and aborting them); they are answered here, in front of
 * it, from the folder where it keeps the parts of uploads in progress.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import S3rver from 's3rver';
import type { Env } from '../config';
import { createS3Client, S3FileStore, type S3StoreSettings } from '../adapters/files/s3';

export interface TestS3Server {
  settings: S3StoreSettings;
  /** FILE_STORE=s3 and its variables, for createTestApp's `env`. */
  env: Partial<Env>;
  store(options?: { abandonedAfterMs?: number }): S3FileStore;
  /** Every object key in the bucket and every multipart upload still open, as `upload:<key>`. */
  leftovers(): string[];
  /** Makes every open multipart upload look started `ms` earlier. */
  backdateUploads(ms: number): void;
  close(): Promise<void>;
}

const BUCKET = 'creadefi-test';

export async function startTestS3Server(): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await server.run();
  const uploadsDir = path.join(directory, BUCKET, '._S3rver_uploads');
  const openUploads = () =>
    fs.existsSync(uploadsDir)
      ? fs.readdirSync(uploadsDir).flatMap((id) => {
          const keyFile = path.join(uploadsDir, id, 'key');
          // A folder still being made holds no key yet: it is an upload only once it does.
          if (!fs.existsSync(keyFile)) return [];
          return [{ id, key: fs.readFileSync(keyFile, 'utf8'), initiated: fs.statSync(keyFile).mtime }];
        })
      : [];

  // s3rver keeps its HTTP server on an undeclared field.
  const httpServer = (server as unknown as { httpServer: Server }).httpServer;
  const s3rverListener = httpServer.listeners('request')[0] as RequestListener;
  httpServer.removeAllListeners('request');
  httpServer.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const [, bucket, ...keyParts] = url.pathname.split('/').filter((part, i) => i === 0 || part !== '');
    if (bucket === BUCKET && req.method === 'GET' && keyParts.length === 0 && url.searchParams.has('uploads')) {
      const uploads = openUploads()
        .map((u) => `<Upload><Key>${u.key}</Key><UploadId>${u.id}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated></Upload>`)
        .join('');
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${BUCKET}</Bucket><IsTruncated>false</IsTruncated>${uploads}</ListMultipartUploadsResult>`,
      );
      return;
    }
    const uploadId = url.searchParams.get('uploadId');
    if (bucket === BUCKET && req.method === 'DELETE' && uploadId && /^[0-9a-f]+$/.test(uploadId)) {
      req.resume();
      fs.rmSync(path.join(uploadsDir, uploadId), { recursive: true, force: true });
      res.writeHead(204);
      res.end();
      return;
    }
    s3rverListener(req, res);
  });

  const settings: S3StoreSettings = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      FILE_STORE: 's3',
      S3_ENDPOINT: settings.endpoint,
      S3_REGION: settings.region,
      S3_BUCKET: settings.bucket,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: true,
    },
    store: (options) => new S3FileStore(createS3Client(settings), BUCKET, { abandonedAfterMs: options?.abandonedAfterMs ?? 60 * 60 * 1000 }),
    leftovers: () => {
      const bucketDir = path.join(directory, BUCKET);
      const objects = (fs.readdirSync(bucketDir, { recursive: true }) as string[])
        .filter((p) => p.endsWith('._S3rver_object'))
        .map((p) => p.slice(0, -'._S3rver_object'.length).split(path.sep).join('/'));
      return [...objects, ...openUploads().map((u) => `upload:${u.key}`)];
    },
    backdateUploads: (ms) => {
      for (const upload of openUploads()) {
        const when = new Date(upload.initiated.getTime() - ms);
        fs.utimesSync(path.join(uploadsDir, upload.id, 'key'), when, when);
      }
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
