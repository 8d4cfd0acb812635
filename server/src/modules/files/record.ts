/**
 * The row of a file once its bytes are stored: proposal, work and final files are recorded the
 * same way, inside the transaction that checked who sends it and at which status.
 */
import type { Tx } from '../../db/client';
import { files } from '../../db/schema';
import type { StoredUpload } from './upload';

export type FileRow = typeof files.$inferSelect;

export interface FileOwner {
  participationId: number;
  kind: FileRow['kind'];
  uploadedBy: number;
}

export async function recordStoredFile(tx: Tx, owner: FileOwner, stored: StoredUpload, now: Date): Promise<FileRow> {
  const [file] = await tx
    .insert(files)
    .values({
      ...owner,
      storageKey: stored.storageKey,
      // Proposals are judged from a marked preview, made once this row is committed.
      previewStatus: owner.kind === 'participation' ? 'pending' : null,
      filename: stored.filename,
      mime: stored.mime,
      sizeBytes: stored.size,
      sha256: stored.sha256,
      dhash: stored.dhash,
      createdAt: now,
    })
    .returning();
  return file!;
}
