import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DiskFileStore } from './disk';
import { fileStoreContract } from './contract';
import { newStorageKey } from './port';

function filesUnder(root: string): string[] {
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)).split(path.sep).join('/'));
}

fileStoreContract('DiskFileStore', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-store-'));
  return {
    store: new DiskFileStore(root),
    leftovers: () => filesUnder(root),
    close: () => fs.rmSync(root, { recursive: true, force: true }),
  };
});

describe('DiskFileStore', () => {
  it('removes at start the parts a crash left in its temporary folder', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-store-'));
    try {
      const store = new DiskFileStore(root);
      const kept = newStorageKey();
      await store.write(kept, Readable.from([Buffer.from('gardé')]), { maxBytes: 10 });
      fs.writeFileSync(path.join(root, '.tmp', 'abc.part'), 'moitié');
      expect(await store.removeAbandonedWrites()).toBe(1);
      expect(filesUnder(root)).toEqual([kept]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
