/**
 * The default FileStore: plain files under DATA_DIR/uploads, a folder no static route serves.
 * Writes land in `<root>/.tmp` and are renamed into place after an fsync, so a reader never
 * sees half a file and a crash leaves at most a `.part` file in `.tmp`.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isValidStorageKey, StoredFileMissingError, StoredFileTooLargeError, type ByteRange, type FileStore, type WriteResult } from './port';

export class DiskFileStore implements FileStore {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
    return path.join(this.root, ...key.split('/'));
  }

  async write(key: string, source: Readable, options: { maxBytes: number }): Promise<WriteResult> {
    const target = this.pathOf(key);
    // A source may fail while the folders are being made; the pipeline below sees that
    // failure through the stream's state, and the process must not crash on it meanwhile.
    const ignore = () => {};
    source.on('error', ignore);
    try {
      const tmpDir = path.join(this.root, '.tmp');
      await fs.mkdir(tmpDir, { recursive: true });
      await fs.mkdir(path.dirname(target), { recursive: true });
      const tmp = path.join(tmpDir, `${randomBytes(12).toString('hex')}.part`);
      const hash = createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > options.maxBytes) return callback(new StoredFileTooLargeError(options.maxBytes));
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      // The file is created here, before any byte flows: removing it after a failure can
      // then never race with a stream still opening it. The stream closes the handle.
      const handle = await fs.open(tmp, 'wx', 0o600);
      try {
        await pipeline(source, meter, handle.createWriteStream());
        const written = await fs.open(tmp, 'r');
        try {
          await written.sync();
        } finally {
          await written.close();
        }
      } catch (error) {
        await fs.rm(tmp, { force: true });
        throw error;
      }
      try {
        await fs.rename(tmp, target);
      } catch (error) {
        await fs.rm(tmp, { force: true });
        throw error;
      }
      return { size, sha256: hash.digest('hex') };
    } finally {
      source.off('error', ignore);
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    let handle: fs.FileHandle;
    try {
      // Opened before returning so a missing file is known before any header is sent.
      handle = await fs.open(this.pathOf(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredFileMissingError(key);
      throw error;
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end, autoClose: true } : { autoClose: true });
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const s = await fs.stat(this.pathOf(key));
      return { size: s.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async *listKeys(writtenBefore: Date): AsyncIterable<string> {
    // Keys are `prefix/xx/id`: three levels, walked one folder at a time to stay small in memory.
    const list = (dir: string) => fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const prefix of await list(this.root)) {
      if (!prefix.isDirectory() || prefix.name.startsWith('.')) continue;
      for (const shard of await list(path.join(this.root, prefix.name))) {
        if (!shard.isDirectory()) continue;
        const dir = path.join(this.root, prefix.name, shard.name);
        for (const entry of await list(dir)) {
          const key = `${prefix.name}/${shard.name}/${entry.name}`;
          if (!entry.isFile() || !isValidStorageKey(key)) continue;
          const stat = await fs.stat(path.join(dir, entry.name)).catch(() => null);
          if (stat && stat.mtime < writtenBefore) yield key;
        }
      }
    }
  }

  /** `.part` files are only ever in use by a running write: at start, none is. */
  async removeAbandonedWrites(): Promise<number> {
    const tmpDir = path.join(this.root, '.tmp');
    const names = await fs.readdir(tmpDir).catch(() => [] as string[]);
    const parts = names.filter((n) => n.endsWith('.part'));
    await Promise.all(parts.map((n) => fs.rm(path.join(tmpDir, n), { force: true })));
    return parts.length;
  }
}
