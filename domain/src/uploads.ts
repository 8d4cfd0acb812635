/**
 * Upload rules (docs/product.md §6; docs/architecture.md §11; docs/decisions/0003).
 * Types are checked on the server from the file's own bytes; these lists also drive the
 * web dropzones' accept attribute.
 */
import { FORMAT, type Format } from './catalogue';
import { formatNumber } from './numbers';

/** Largest single file, any kind. */
export const MAX_FILE_BYTES = 500_000_000;
/** Largest total of one participation's proposal files for images, GIF and text. */
export const MAX_PARTICIPATION_BYTES = 50_000_000;
/** Video and audio proposals are heavier: their total is bounded by the single-file limit. */
export const MAX_MEDIA_PARTICIPATION_BYTES = 500_000_000;

export function maxParticipationBytes(format: number): number {
  return format === FORMAT.video || format === FORMAT.audio ? MAX_MEDIA_PARTICIPATION_BYTES : MAX_PARTICIPATION_BYTES;
}

/** 1 file for text format, 5 otherwise (docs/product.md §6). */
export function maxParticipationFiles(format: number): number {
  return format === FORMAT.text ? 1 : 5;
}

/**
 * Longest text proposal, in characters: a blog article of 2 500 words or a translation of a
 * dozen pages fits (docs/decisions/0009-text-proposal-length.md). Cards show the first 220.
 */
export const TEXT_PROPOSAL_MAX = 20_000;
export const TEXT_PROPOSAL_PREVIEW = 220;

/** A member's photo (docs/product.md « Talents »): one image, recognised from its bytes. */
export const AVATAR_MAX_BYTES = 5_000_000;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** Side of the square the photo is cropped to, in pixels, stored as WebP. */
export const AVATAR_SIZE = 256;

const IMAGE = ['image/png', 'image/jpeg'];
const VIDEO = ['video/mp4', 'video/x-msvideo', 'video/vnd.avi', 'video/avi', 'video/quicktime', 'video/webm', 'video/x-matroska', 'video/mpeg'];
const AUDIO = ['audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave', 'audio/ogg', 'audio/mp4', 'audio/x-m4a', 'audio/aac', 'audio/flac', 'audio/x-flac'];
const GIF = ['image/gif'];
const PDF = ['application/pdf'];
const ARCHIVES = ['application/zip', 'application/x-rar-compressed', 'application/vnd.rar', 'application/x-7z-compressed'];

export type PreviewKind = 'image' | 'video' | 'audio' | 'pdf';

/** How a proposal file is previewed; every type a proposal may have has one. */
export function previewKindOf(mime: string): PreviewKind | null {
  if (IMAGE.includes(mime) || GIF.includes(mime)) return 'image';
  if (VIDEO.includes(mime)) return 'video';
  if (AUDIO.includes(mime)) return 'audio';
  return PDF.includes(mime) ? 'pdf' : null;
}

/** MIME types accepted for proposal files of a format ("other" formats take PDF). */
export function acceptedProposalTypes(format: number): string[] {
  switch (format as Format) {
    case FORMAT.image:
      return IMAGE;
    case FORMAT.video:
      return VIDEO;
    case FORMAT.audio:
      return AUDIO;
    case FORMAT.gif:
      return GIF;
    default:
      return PDF;
  }
}

/** Work files exchanged with a winner: the format's types plus PDF. */
export function acceptedWorkTypes(format: number): string[] {
  return [...new Set([...acceptedProposalTypes(format), ...PDF, ...IMAGE])];
}

/** Final files: the work types plus archives (.zip, .rar, .7z) holding the sources. */
export function acceptedFinalTypes(format: number): string[] {
  return [...acceptedWorkTypes(format), ...ARCHIVES];
}

export const ACCEPT_LABELS: Record<number, string> = {
  1: 'PNG ou JPEG',
  2: 'vidéo (MP4, AVI, MOV, WebM)',
  3: 'audio (MP3, WAV, OGG, M4A)',
  4: 'GIF',
  5: 'PDF',
};

/** "48,5 Mo": sizes as a French user reads them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} o`;
  const units = ['Ko', 'Mo', 'Go'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${formatNumber(value, 1)} ${units[unit]}`;
}
