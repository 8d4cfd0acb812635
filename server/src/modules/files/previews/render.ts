/** One file's preview, by kind; what the child process runs (worker.ts). */
import type { PreviewKind } from '@creadefi/domain';
import { renderImage } from './render-image';
import { probeMedia, renderAudio, renderVideo } from './render-media';
import { renderPdf } from './render-pdf';

export interface RenderJob {
  /** The original, copied to a private temporary file by the parent. */
  inputPath: string;
  mime: string;
  kind: PreviewKind;
  label: string;
  /** Only checks that a sound or a video decodes (at upload), and makes no preview. */
  probe?: boolean;
}

export interface Rendered {
  preview: Buffer;
  previewMime: string;
  poster?: Buffer;
  waveform?: number[];
}

export const PREVIEW_MIMES: Record<PreviewKind, string> = { image: 'image/webp', pdf: 'image/webp', audio: 'audio/mpeg', video: 'video/mp4' };

/** What the child process does with one job: null for a probe that passed. */
export async function runJob(job: RenderJob, input: Buffer): Promise<Rendered | null> {
  if (!job.probe) return render(job, input);
  if (job.kind !== 'audio' && job.kind !== 'video') throw new Error(`pas de décodage à vérifier pour ${job.kind}`);
  await probeMedia(input, job.kind);
  return null;
}

export async function render(job: RenderJob, input: Buffer): Promise<Rendered> {
  const previewMime = PREVIEW_MIMES[job.kind];
  switch (job.kind) {
    case 'image':
      return { preview: await renderImage(input, job.mime, job.label), previewMime };
    case 'pdf':
      return { preview: await renderPdf(input, job.label), previewMime };
    case 'audio':
      return { ...(await renderAudio(input)), previewMime };
    case 'video':
      return { ...(await renderVideo(input, job.label)), previewMime };
  }
}
