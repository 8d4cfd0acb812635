import type { FileDto } from '@creadefi/domain';
import { files } from '../../db/schema';

type FileRow = typeof files.$inferSelect;

/** What a file's DTO shows, and the participation it belongs to: lists read only these. */
export const shownFileColumns = {
  id: files.id,
  participationId: files.participationId,
  kind: files.kind,
  previewKey: files.previewKey,
  filename: files.filename,
  mime: files.mime,
  sizeBytes: files.sizeBytes,
  createdAt: files.createdAt,
};
export type ShownFile = Pick<FileRow, keyof typeof shownFileColumns>;

/** Rows whose timestamps are Dates (read by drizzle) or ISO strings (built in SQL as JSON). */
export type WithTimestamps<T> = { [K in keyof T]: T[K] extends Date ? Date | string : T[K] extends Date | null ? Date | string | null : T[K] };

/** A timestamp as the API writes it: toISOString's form, which SQL-built JSON already has. */
export function isoString(value: Date | string): string {
  return typeof value === 'string' ? value : value.toISOString();
}

/** Proposal media the browser shows itself and that have no derived preview (see access.ts). */
export function viewsOriginalInline(row: Pick<FileRow, 'kind' | 'mime' | 'previewKey'>): boolean {
  return row.kind === 'participation' && !row.previewKey && (row.mime.startsWith('video/') || row.mime.startsWith('audio/') || row.mime === 'application/pdf');
}

export function toFileDto(row: WithTimestamps<Omit<ShownFile, 'participationId'>>): FileDto {
  const preview = row.previewKey ? `/api/files/${row.id}/preview` : null;
  return {
    id: row.id,
    filename: row.filename,
    filepath: `/api/files/${row.id}`,
    preview,
    inline: preview ?? (viewsOriginalInline(row) ? `/api/files/${row.id}/preview` : null),
    mime: row.mime,
    size: row.sizeBytes,
    kind: row.kind,
    isFinalFile: row.kind === 'final',
    createdAt: isoString(row.createdAt),
  };
}
