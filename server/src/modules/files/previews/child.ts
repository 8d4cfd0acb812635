/**
 * Runs a preview in a child process with a memory ceiling (V8's heap) and a kill timer:
 * a decoder stuck on a crafted file, or one that eats memory, takes down the child, never the
 * server. The answer (preview, poster, waveform) comes back on the IPC channel.
 */
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PreviewKind } from '@creadefi/domain';
import type { Rendered, RenderJob } from './render';

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));
/** The child runs our TypeScript like the server does. */
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface ChildLimits {
  timeoutMs: number;
  maxOldSpaceMb: number;
}

/** Video is encoded by WebAssembly on one core: a minute of it takes minutes. */
export const DEFAULT_LIMITS: Record<PreviewKind, ChildLimits> = {
  image: { timeoutMs: 60_000, maxOldSpaceMb: 256 },
  pdf: { timeoutMs: 120_000, maxOldSpaceMb: 384 },
  audio: { timeoutMs: 300_000, maxOldSpaceMb: 256 },
  video: { timeoutMs: 900_000, maxOldSpaceMb: 256 },
};

export class PreviewFailedError extends Error {
  constructor(
    message: string,
    /** Stopped by the kill timer: the file may be sound, the machine slow. */
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'PreviewFailedError';
  }
}

type Answer = { ok: true; rendered: Rendered | null } | { ok: false; error: string };

export async function renderInChild(job: RenderJob, limits: ChildLimits): Promise<Rendered> {
  const rendered = await runInChild({ ...job, probe: false }, limits);
  if (!rendered) throw new PreviewFailedError('aucun aperçu rendu');
  return rendered;
}

/** Resolves when the first seconds of a sound or a video decode; PreviewFailedError otherwise. */
export async function probeInChild(job: RenderJob, limits: ChildLimits): Promise<void> {
  await runInChild({ ...job, probe: true }, limits);
}

function runInChild(job: RenderJob, limits: ChildLimits): Promise<Rendered | null> {
  return new Promise((resolve, reject) => {
    const child = fork(WORKER, [], {
      execArgv: [`--max-old-space-size=${limits.maxOldSpaceMb}`, '--import', TSX],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    let answer: Answer | null = null;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new PreviewFailedError(`aperçu arrêté après ${limits.timeoutMs} ms`, true));
    }, limits.timeoutMs);
    child.once('message', (message: Answer) => {
      answer = message;
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (answer?.ok) {
        const { rendered } = answer;
        resolve(rendered && { ...rendered, preview: Buffer.from(rendered.preview), poster: rendered.poster && Buffer.from(rendered.poster) });
      } else reject(new PreviewFailedError(answer ? answer.error : `processus d’aperçu terminé (${signal ?? code}) ${stderr}`));
    });
    child.send(job);
  });
}
