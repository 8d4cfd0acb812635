/**
 * What every FileStore promises, run against each adapter (disk.test.ts, s3.test.ts): the
 * upload and download routes rely on these and nothing more.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isValidStorageKey, newStorageKey, StoredFileMissingError, StoredFileTooLargeError, type FileStore } from './port';

export interface StoreUnderTest {
  store: FileStore;
  /** What the store holds, finished or not: empty after a failed write. */
  leftovers(): Promise<string[]> | string[];
  close(): Promise<void> | void;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const MiB = 1024 * 1024;

/** A source of `total` bytes in 1 MiB chunks whose byte i is i mod 251, so ranges are checkable. */
function patterned(total: number): Buffer {
  const bytes = Buffer.alloc(total);
  for (let i = 0; i < total; i++) bytes[i] = i % 251;
  return bytes;
}

function chunked(bytes: Buffer, size = MiB): Buffer[] {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return chunks;
}

export function fileStoreContract(name: string, open: () => Promise<StoreUnderTest>) {
  describe(`${name}: the FileStore contract`, () => {
    let subject: StoreUnderTest;
    let store: FileStore;
    beforeEach(async () => {
      subject = await open();
      store = subject.store;
    });
    afterEach(async () => {
      await subject.close();
    });

    it('writes a stream, reports size and SHA-256, reads it back whole or by range, then deletes it', async () => {
      const bytes = Buffer.from('Bonjour Créadéfi !');
      const key = newStorageKey();
      const result = await store.write(key, Readable.from([bytes.subarray(0, 5), bytes.subarray(5)]), { maxBytes: 1000 });
      expect(result).toEqual({ size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
      expect(await store.stat(key)).toEqual({ size: bytes.length });
      expect(await readAll(await store.read(key))).toEqual(bytes);
      expect((await readAll(await store.read(key, { start: 0, end: 6 }))).toString()).toBe('Bonjour');
      expect((await readAll(await store.read(key, { start: bytes.length - 1, end: bytes.length - 1 }))).toString()).toBe('!');
      await store.delete(key);
      expect(await store.stat(key)).toBeNull();
      await expect(store.read(key)).rejects.toBeInstanceOf(StoredFileMissingError);
      await store.delete(key);
      expect(await subject.leftovers()).toEqual([]);
    });

    it('keeps a file larger than one part whole, and reads a range across the parts', async () => {
      const bytes = patterned(11 * MiB + 123);
      const key = newStorageKey();
      const result = await store.write(key, Readable.from(chunked(bytes)), { maxBytes: 20 * MiB });
      expect(result).toEqual({ size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
      expect(await store.stat(key)).toEqual({ size: bytes.length });
      const start = 5 * MiB - 10;
      expect(await readAll(await store.read(key, { start, end: start + 19 }))).toEqual(bytes.subarray(start, start + 20));
      expect(await subject.leftovers()).toEqual([key]);
    });

    it('leaves nothing behind when the stream passes maxBytes, in the first part or after several', async () => {
      const small = newStorageKey();
      await expect(store.write(small, Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), { maxBytes: 1000 })).rejects.toBeInstanceOf(StoredFileTooLargeError);
      expect(await store.stat(small)).toBeNull();
      const large = newStorageKey();
      await expect(store.write(large, Readable.from(chunked(Buffer.alloc(12 * MiB))), { maxBytes: 11 * MiB })).rejects.toBeInstanceOf(StoredFileTooLargeError);
      expect(await store.stat(large)).toBeNull();
      expect(await subject.leftovers()).toEqual([]);
    });

    it('leaves nothing behind when the source fails half-way', async () => {
      const source = new Readable({ read() {} });
      const writing = store.write(newStorageKey(), source, { maxBytes: 10_000 });
      source.push(Buffer.alloc(500));
      setTimeout(() => source.destroy(new Error('connexion coupée')), 20);
      await expect(writing).rejects.toThrow('connexion coupée');
      expect(await subject.leftovers()).toEqual([]);
    });

    it('leaves nothing behind when the source is cut without an error, even after parts were sent', async () => {
      const source = new Readable({ read() {} });
      const writing = store.write(newStorageKey(), source, { maxBytes: 10_000 });
      source.push(Buffer.alloc(500));
      setTimeout(() => source.destroy(), 20);
      await expect(writing).rejects.toThrow();

      const long = new Readable({ read() {} });
      const longWriting = store.write(newStorageKey(), long, { maxBytes: 100 * MiB });
      for (const chunk of chunked(Buffer.alloc(7 * MiB))) long.push(chunk);
      setTimeout(() => long.destroy(), 200);
      await expect(longWriting).rejects.toThrow();
      expect(await subject.leftovers()).toEqual([]);
    });

    it('survives a source that fails before writing starts, and one that had already failed', async () => {
      const early = new Readable({ read() {} });
      const writing = store.write(newStorageKey(), early, { maxBytes: 10_000 });
      // While the store is still getting ready: no listener of its own may be attached yet.
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
      expect(await subject.leftovers()).toEqual([]);
    });

    it('answers for a missing key without an error where the routes expect none', async () => {
      const key = newStorageKey();
      expect(await store.stat(key)).toBeNull();
      await expect(store.read(key)).rejects.toBeInstanceOf(StoredFileMissingError);
      await expect(store.read(key, { start: 0, end: 10 })).rejects.toBeInstanceOf(StoredFileMissingError);
      await store.delete(key);
    });

    it('lists the keys written before a moment, for the sweep of files no row refers to', async () => {
      const first = newStorageKey();
      const second = `${newStorageKey()}-preview`;
      await store.write(first, Readable.from([Buffer.from('un')]), { maxBytes: 10 });
      await store.write(second, Readable.from([Buffer.from('deux')]), { maxBytes: 10 });
      const keys = async (before: Date) => {
        const found: string[] = [];
        for await (const key of store.listKeys!(before)) found.push(key);
        return found.sort();
      };
      expect(await keys(new Date(Date.now() + 60_000))).toEqual([first, second].sort());
      expect(await keys(new Date(Date.now() - 60_000))).toEqual([]);
      await store.delete(first);
      expect(await keys(new Date(Date.now() + 60_000))).toEqual([second]);
    });

    it('refuses keys it did not generate (no path from a client ever reaches the store)', async () => {
      for (const key of ['../etc/passwd', 'u/../../x', '/abs', 'u/Logo.png', 'u', '']) {
        expect(isValidStorageKey(key)).toBe(false);
        await expect(store.write(key, Readable.from([Buffer.from('x')]), { maxBytes: 10 })).rejects.toThrow('invalid storage key');
        await expect(store.read(key)).rejects.toThrow('invalid storage key');
      }
      expect(isValidStorageKey(newStorageKey())).toBe(true);
      expect(isValidStorageKey(`${newStorageKey()}-preview`)).toBe(true);
      expect(await subject.leftovers()).toEqual([]);
    });
  });
}
