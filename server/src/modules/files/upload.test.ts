import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '@creadefi/domain';
import { DiskFileStore } from '../../adapters/files/disk';
import { storeUpload, type UploadRules } from './upload';
import { fakePng, realPng } from './test-helpers';

let root: string;
let store: DiskFileStore;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-upload-'));
  store = new DiskFileStore(root);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const images: UploadRules = { accept: ['image/png', 'image/jpeg'], acceptLabel: 'PNG ou JPEG' };
const stored = () => (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((d) => d.isFile());

/** Chunks of 64 Ko, as a socket delivers them. */
const chunked = (buf: Buffer) => Readable.from(Array.from({ length: Math.ceil(buf.length / 65_536) }, (_, i) => buf.subarray(i * 65_536, (i + 1) * 65_536)));

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('storeUpload', () => {
  it('stops a file at the per-file ceiling while it streams', async () => {
    const error = await refusal(storeUpload(store, { stream: chunked(fakePng(300_000)), filename: 'a.png' }, { ...images, maxFileBytes: 200_000 }));
    expect(error.status).toBe(413);
    expect(error.message).toBe('Ce fichier dépasse la taille maximale autorisée de 200 Ko.');
    expect(stored()).toEqual([]);
  });

  it('keeps nothing of a file the multipart parser cut at its own limit', async () => {
    const error = await refusal(storeUpload(store, { stream: chunked(fakePng(10_000)), filename: 'a.png', truncated: () => true }, images));
    expect(error.status).toBe(413);
    expect(stored()).toEqual([]);
  });

  it('words the total refusal with the size the client announced', async () => {
    const error = await refusal(
      storeUpload(store, { stream: chunked(fakePng(12_000_000)), filename: 'a.png', declaredBytes: 12_400_000 }, { ...images, total: { used: 40_000_000, max: 50_000_000 } }),
    );
    expect(error.status).toBe(413);
    expect(error.message).toBe('La taille de vos fichiers est de 52,4 Mo, alors que le maximum autorisé est de 50 Mo');
    expect(stored()).toEqual([]);
  });

  it('refuses on the bytes even when the file is shorter than the sniffing window', async () => {
    const error = await refusal(storeUpload(store, { stream: Readable.from([Buffer.from('GIF89a')]), filename: 'a.png' }, images));
    expect(error.status).toBe(415);
    expect(stored()).toEqual([]);
  });

  it('stores an accepted image, under a key that owes nothing to the name', async () => {
    const png = await realPng(1000, 500);
    const result = await storeUpload(store, { stream: chunked(png), filename: '../../secret/Logo final.png' }, images);
    expect(result).toMatchObject({ filename: 'Logo final.png', mime: 'image/png', size: png.length });
    expect(result.storageKey).toMatch(/^u\/[0-9a-f]{2}\/[0-9a-f]{32}$/);
    expect(stored()).toHaveLength(1);
  });
});
