import type { FileDto } from '@creadefi/domain';
import type { files } from '../../db/schema';

type FileRow = typeof files.$inferSelect;

/** Proposal media the browser shows itself and that have no derived preview (see access.ts). */
export function viewsOriginalInline(row: Pick<FileRow, 'kind' | 'mime' | 'previewKey'>): boolean {
  return row.kind === 'participation' && !row.previewKey && (row.mime.startsWith('video/') || row.mime.startsWith('audio/') || row.mime === 'application/pdf');
}

export function toFileDto(row: FileRow): FileDto {
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
    createdAt: row.createdAt.toISOString(),
  };
}
