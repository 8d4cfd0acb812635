/**
 * ffmpeg compiled to WebAssembly (`@ffmpeg/core`, ffmpeg 5.1 with libx264 and lame): no
 * binary to install, the same on every machine. It is built for web workers, so it is given
 * the one browser global it reads. Its files live in the WebAssembly memory: the caller bounds
 * what it hands over (MAX_MEDIA_INPUT_BYTES). Loaded in the preview child process only.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface Ffmpeg {
  FS: { writeFile(path: string, data: Uint8Array): void; readFile(path: string): Uint8Array; unlink(path: string): void };
  exec(...args: string[]): number;
  setLogger(logger: (entry: { type: string; message: string }) => void): void;
  setTimeout?(ms: number): void;
}

export async function loadFfmpeg(): Promise<{ ffmpeg: Ffmpeg; lastLines: () => string }> {
  (globalThis as { self?: unknown }).self ??= { location: { href: 'file:///tmp/' } };
  const require = createRequire(import.meta.url);
  const createCore = require('@ffmpeg/core') as (options: { wasmBinary: Buffer }) => Promise<Ffmpeg>;
  const ffmpeg = await createCore({ wasmBinary: readFileSync(require.resolve('@ffmpeg/core/wasm')) });
  const lines: string[] = [];
  ffmpeg.setLogger(({ message }) => {
    lines.push(message);
    if (lines.length > 30) lines.shift();
  });
  return { ffmpeg, lastLines: () => lines.join('\n') };
}

/** Runs one command; a failure carries ffmpeg's last words, for the server's log. */
export function run(tool: { ffmpeg: Ffmpeg; lastLines: () => string }, args: string[]): void {
  const code = tool.ffmpeg.exec(...args);
  if (code !== 0) throw new Error(`ffmpeg ${code}: ${tool.lastLines().slice(-600)}`);
}
