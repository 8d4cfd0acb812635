import type { FileDto } from '@creadefi/domain';
import { files } from '../../db/schema';

type FileRow = typeof files.$inferSelect;

/** What a file's DTO shows, and the participation it belongs to: lists read only these. */
export const shownFileColumns = {
  id: files.id,
  participationId: files.participationId,
  kind: files.kind,
  previewKey: files.previewKey,
  previewStatus: files.previewStatus,
  previewMime: files.previewMime,
  posterKey: files.posterKey,
  waveform: files.waveform,
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

/** What a page shows of a file: only a proposal's marked preview, once it is ready (access.ts). */
function shownParts(row: Pick<ShownFile, 'id' | 'previewStatus' | 'previewMime' | 'posterKey'>): Pick<FileDto, 'preview' | 'inline' | 'inlineMime'> {
  if (row.previewStatus !== 'ready' || !row.previewMime) return { preview: null, inline: null, inlineMime: null };
  const inline = `/api/files/${row.id}/preview`;
  const picture = row.previewMime.startsWith('image/') ? inline : row.posterKey ? `/api/files/${row.id}/poster` : null;
  return { preview: picture, inline, inlineMime: row.previewMime };
}

export function toFileDto(row: WithTimestamps<Omit<ShownFile, 'participationId'>>): FileDto {
  return {
    id: row.id,
    filename: row.filename,
    filepath: `/api/files/${row.id}`,
    ...shownParts(row),
    previewStatus: row.previewStatus,
    waveform: row.previewStatus === 'ready' ? row.waveform : null,
    mime: row.mime,
    size: row.sizeBytes,
    kind: row.kind,
    isFinalFile: row.kind === 'final',
    createdAt: isoString(row.createdAt),
  };
}
