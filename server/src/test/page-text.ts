/** The text of a web page answered by the app, decompressed as a browser would. */
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';

export function pageText(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  const bytes = res.rawPayload;
  return (encoding === 'br' ? zlib.brotliDecompressSync(bytes) : encoding === 'gzip' ? zlib.gunzipSync(bytes) : bytes).toString('utf8');
}
