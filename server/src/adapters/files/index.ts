import path from 'node:path';
import type { Config } from '../../config';
import { DiskFileStore } from './disk';
import type { FileStore } from './port';

/** Uploaded files live beside the embedded database, outside anything served statically. */
export function createFileStore(config: Config): FileStore {
  return new DiskFileStore(path.join(config.dataDir, 'uploads'));
}

export type { FileStore } from './port';
