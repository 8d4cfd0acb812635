/**
 * A FileStore on an S3-compatible object store, for several app servers sharing their files
 * (docs/deploy.md). Bytes are streamed to the store in parts (a multipart upload once they pass
 * one part, a single PUT below that): nothing becomes visible under the key before the whole
 * source has arrived, and a write that fails aborts its multipart upload.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { isValidStorageKey, StoredFileMissingError, StoredFileTooLargeError, type ByteRange, type FileStore, type WriteResult } from './port';

export interface S3StoreSettings {
  /** Unset: the AWS endpoint of the region. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` (most self-hosted stores). */
  forcePathStyle: boolean;
}

export interface S3StoreOptions {
  /** Bytes held in memory per part; S3 refuses parts under 5 MiB (but the last). */
  partSize?: number;
  /**
   * A multipart upload started longer ago than this is one whose server died: no request
   * lasts that long. Others may still be being written by another server sharing the store.
   */
  abandonedAfterMs: number;
}

const MIN_PART_SIZE = 5 * 1024 * 1024;

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
}

export function createS3Client(settings: S3StoreSettings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Each download in progress holds one connection to the store for as long as the client
    // takes to receive it (a video watched, a 500 Mo file on a slow line): the SDK's 50 would
    // queue the rest behind them.
    requestHandler: { httpAgent: { maxSockets: 1000, keepAlive: true }, httpsAgent: { maxSockets: 1000, keepAlive: true } },
    // Checksums the store may not know (self-hosted ones) are sent only when an operation needs one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export class S3FileStore implements FileStore {
  private readonly partSize: number;
  private readonly abandonedAfterMs: number;

  constructor(
    readonly client: S3Client,
    readonly bucket: string,
    options: S3StoreOptions,
  ) {
    this.partSize = Math.max(MIN_PART_SIZE, options.partSize ?? MIN_PART_SIZE);
    this.abandonedAfterMs = options.abandonedAfterMs;
  }

  private checked(key: string): string {
    if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
    return key;
  }

  async write(key: string, source: Readable, options: { maxBytes: number }): Promise<WriteResult> {
    this.checked(key);
    // A source may fail before the upload reads from it; that failure reaches the upload
    // through the iteration below, and the process must not crash on it meanwhile.
    const ignore = () => {};
    source.on('error', ignore);
    const hash = createHash('sha256');
    let size = 0;
    // What made the write fail, kept apart: aborting the upload may fail too, and the caller
    // must learn about the source (too large, cut), not about the cleanup.
    let sourceFailure: unknown;
    async function* metered() {
      try {
        for await (const chunk of source) {
          const bytes = chunk as Buffer;
          size += bytes.length;
          if (size > options.maxBytes) throw new StoredFileTooLargeError(options.maxBytes);
          hash.update(bytes);
          yield bytes;
        }
      } catch (error) {
        sourceFailure = error;
        throw error;
      }
    }
    try {
      const upload = new Upload({
        client: this.client,
        params: { Bucket: this.bucket, Key: key, Body: Readable.from(metered()) },
        partSize: this.partSize,
        queueSize: 1,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        throw sourceFailure ?? error;
      }
      return { size, sha256: hash.digest('hex') };
    } finally {
      source.off('error', ignore);
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    try {
      // Asked before returning so a missing object is known before any header is sent.
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.checked(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new StoredFileMissingError(key);
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
  }

  async *listKeys(writtenBefore: Date): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (object.Key && isValidStorageKey(object.Key) && object.LastModified && object.LastModified < writtenBefore) yield object.Key;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async removeAbandonedWrites(): Promise<number> {
    const startedBefore = new Date(Date.now() - this.abandonedAfterMs);
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.bucket, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }));
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= startedBefore) continue;
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }));
        removed++;
      }
      if (!page.IsTruncated) break;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    } while (keyMarker || uploadIdMarker);
    return removed;
  }
}
