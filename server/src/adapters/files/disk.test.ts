import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskFileStore } from './disk';
import { isValidStorageKey, newStorageKey, StoredFileMissingError, StoredFileTooLargeError } from './port';

let root: string;
let store: DiskFileStore;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-store-'));
  store = new DiskFileStore(root);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

function files(): string[] {
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((d) => d.isFile()).map((d) => d.name);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('DiskFileStore', () => {
  it('writes a stream, reports size and SHA-256, reads it back whole or by range, then deletes it', async () => {
    const bytes = Buffer.from('Bonjour Créadéfi !');
    const key = newStorageKey();
    const result = await store.write(key, Readable.from([bytes.subarray(0, 5), bytes.subarray(5)]), { maxBytes: 1000 });
    expect(result).toEqual({ size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    expect(await store.stat(key)).toEqual({ size: bytes.length });
    expect(await readAll(await store.read(key))).toEqual(bytes);
    expect((await readAll(await store.read(key, { start: 0, end: 6 }))).toString()).toBe('Bonjour');
    await store.delete(key);
    expect(await store.stat(key)).toBeNull();
    await expect(store.read(key)).rejects.toBeInstanceOf(StoredFileMissingError);
    await store.delete(key);
  });

  it('leaves nothing behind when the stream passes maxBytes', async () => {
    const key = newStorageKey();
    await expect(store.write(key, Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), { maxBytes: 1000 })).rejects.toBeInstanceOf(StoredFileTooLargeError);
    expect(await store.stat(key)).toBeNull();
    expect(files()).toEqual([]);
  });

  it('leaves nothing behind when the source fails half-way', async () => {
    const key = newStorageKey();
    const source = new Readable({ read() {} });
    const writing = store.write(key, source, { maxBytes: 10_000 });
    source.push(Buffer.alloc(500));
    setTimeout(() => source.destroy(new Error('connexion coupée')), 20);
    await expect(writing).rejects.toThrow('connexion coupée');
    expect(files()).toEqual([]);
  });

  it('leaves nothing behind when the source is cut without an error', async () => {
    const key = newStorageKey();
    const source = new Readable({ read() {} });
    const writing = store.write(key, source, { maxBytes: 10_000 });
    source.push(Buffer.alloc(500));
    setTimeout(() => source.destroy(), 20);
    await expect(writing).rejects.toThrow();
    expect(files()).toEqual([]);
  });

  it('survives a source that fails before writing starts, and one that had already failed', async () => {
    const early = new Readable({ read() {} });
    const writing = store.write(newStorageKey(), early, { maxBytes: 10_000 });
    // While the store is still making its folders: no listener of its own is attached yet.
    early.destroy(new Error('coupée tout de suite'));
    await expect(writing).rejects.toThrow('coupée tout de suite');

    const dead = new Readable({ read() {} });
    dead.on('error', () => {});
    dead.destroy(new Error('déjà coupée'));
    await expect(store.write(newStorageKey(), dead, { maxBytes: 10_000 })).rejects.toThrow();
    // Nothing may appear afterwards either (a stream still opening its file, say). The store
    // keeps no handle on such work that could be awaited: leaving none is what is tested, so
    // the test gives it time to show.
    await new Promise((r) => setTimeout(r, 50));
    expect(files()).toEqual([]);
  });

  it('refuses keys it did not generate (no path from a client ever reaches the disk)', async () => {
    for (const key of ['../etc/passwd', 'u/../../x', '/abs', 'u/Logo.png', 'u', '']) {
      expect(isValidStorageKey(key)).toBe(false);
      await expect(store.write(key, Readable.from([Buffer.from('x')]), { maxBytes: 10 })).rejects.toThrow('invalid storage key');
    }
    expect(isValidStorageKey(newStorageKey())).toBe(true);
    expect(isValidStorageKey(`${newStorageKey()}-preview`)).toBe(true);
  });
});
