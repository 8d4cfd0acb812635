/**
 * Sound and video previews, made with ffmpeg in the preview child process:
 * - sound: mono MP3 at 48 kb/s, a short tone mixed in every 10 s, the first 5 minutes;
 * - video: at most 640×360 and 12 images a second, the mark laid over every image, the first
 *   minute, mono sound; its first image, marked too, is the poster shown before it plays. The
 *   encoder's own notes (SEI) are left out: the same settings would write the same bytes.
 * Both give the waveform of the previewed span, as peaks between 0 and 1.
 */
import sharp from 'sharp';
import { loadFfmpeg, run } from './ffmpeg';
import { markSvg } from './mark';

const AUDIO_SECONDS = 300;
const VIDEO_SECONDS = 60;
/** What the check at upload decodes (probeMedia). */
export const PROBE_SECONDS = 5;
const VIDEO_BOX = { width: 640, height: 360 };
export const WAVEFORM_POINTS = 400;
/** The tone: 0.4 s of 1 kHz every 10 s, loud enough to hear over any music. */
const TONE = "sine=frequency=1000:sample_rate=22050,volume='if(lt(mod(t,10),0.4),0.3,0)':eval=frame";

export interface MediaPreview {
  preview: Buffer;
  poster?: Buffer;
  waveform: number[];
}

/** Peaks of 16-bit mono samples in `points` slices, scaled so the loudest is 1. */
export function peaks(pcm: Uint8Array, points = WAVEFORM_POINTS): number[] {
  const samples = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.byteLength / 2));
  if (samples.length === 0) return [];
  const slice = samples.length / points;
  const out: number[] = [];
  for (let p = 0; p < points; p++) {
    let max = 0;
    const end = Math.min(samples.length, Math.floor((p + 1) * slice));
    for (let i = Math.floor(p * slice); i < end; i++) max = Math.max(max, Math.abs(samples[i]!));
    out.push(max);
  }
  const loudest = Math.max(...out) || 1;
  return out.map((v) => Math.round((v / loudest) * 1000) / 1000);
}

/** Drawn from the original's sound over the previewed span: the tone is not part of the work. */
function waveformOf(tool: Awaited<ReturnType<typeof loadFfmpeg>>, seconds: number): number[] {
  run(tool, ['-t', String(seconds), '-i', 'in', '-vn', '-ac', '1', '-ar', '4000', '-f', 's16le', 'pcm.raw']);
  return peaks(tool.ffmpeg.FS.readFile('pcm.raw'));
}

/**
 * Sound or images decoded from the first seconds, enough to tell a file that plays from one
 * whose header is right and whose content is not: ffmpeg gives up on a stream where most
 * frames fail to decode, as the preview would. Throws when nothing comes out.
 */
export async function probeMedia(input: Buffer, kind: 'audio' | 'video'): Promise<void> {
  const tool = await loadFfmpeg();
  tool.ffmpeg.FS.writeFile('in', input);
  const decode = kind === 'audio' ? ['-vn', '-ac', '1', '-ar', '4000', '-f', 's16le'] : ['-an', '-frames:v', '3', '-vf', 'scale=16:16', '-pix_fmt', 'gray', '-f', 'rawvideo'];
  run(tool, ['-t', String(PROBE_SECONDS), '-i', 'in', ...decode, 'probe.raw']);
  if (tool.ffmpeg.FS.readFile('probe.raw').byteLength === 0) throw new Error(kind === 'audio' ? 'aucun son décodé' : 'aucune image décodée');
}

export async function renderAudio(input: Buffer): Promise<MediaPreview> {
  const tool = await loadFfmpeg();
  tool.ffmpeg.FS.writeFile('in', input);
  run(tool, ['-t', String(AUDIO_SECONDS), '-i', 'in', '-f', 'lavfi', '-i', TONE, '-filter_complex', '[0:a]aformat=channel_layouts=mono,aresample=22050[a];[a][1:a]amix=inputs=2:duration=first:normalize=0[out]', '-map', '[out]', '-map_metadata', '-1', '-ac', '1', '-ar', '22050', '-b:a', '48k', '-f', 'mp3', 'out.mp3']);
  const preview = tool.ffmpeg.FS.readFile('out.mp3');
  return { preview: Buffer.from(preview), waveform: waveformOf(tool, AUDIO_SECONDS) };
}

export async function renderVideo(input: Buffer, label: string): Promise<MediaPreview> {
  const tool = await loadFfmpeg();
  const { ffmpeg } = tool;
  ffmpeg.FS.writeFile('in', input);
  ffmpeg.FS.writeFile('mark.png', await sharp(markSvg(VIDEO_BOX.width, VIDEO_BOX.height, label)).png().toBuffer());
  const fit = `fps=12,scale=w='min(${VIDEO_BOX.width},iw)':h='min(${VIDEO_BOX.height},ih)':force_original_aspect_ratio=decrease,scale=trunc(iw/2)*2:trunc(ih/2)*2`;
  run(tool, ['-t', String(VIDEO_SECONDS), '-i', 'in', '-i', 'mark.png', '-filter_complex', `[0:v]${fit}[v];[v][1:v]overlay=(W-w)/2:(H-h)/2[out]`, '-map', '[out]', '-map', '0:a?', '-map_metadata', '-1', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '30', '-pix_fmt', 'yuv420p', '-bsf:v', 'filter_units=remove_types=6', '-c:a', 'aac', '-ac', '1', '-b:a', '64k', '-movflags', '+faststart', 'out.mp4']);
  run(tool, ['-i', 'out.mp4', '-frames:v', '1', '-f', 'image2', '-c:v', 'png', 'poster.png']);
  const poster = await sharp(Buffer.from(ffmpeg.FS.readFile('poster.png'))).webp({ quality: 75 }).toBuffer();
  let waveform: number[] = [];
  try {
    waveform = waveformOf(tool, VIDEO_SECONDS);
  } catch {
    // A silent film has no sound to draw.
  }
  return { preview: Buffer.from(ffmpeg.FS.readFile('out.mp4')), poster, waveform };
}
