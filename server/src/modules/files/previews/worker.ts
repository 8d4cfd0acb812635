/**
 * Entry of the preview child process (child.ts forks it): takes one job on its IPC channel,
 * answers with the preview or the error, and exits. Whatever a hostile file does to the
 * decoders happens here, under the parent's memory ceiling and kill timer.
 */
import { readFile } from 'node:fs/promises';
import { runJob, type RenderJob } from './render';

process.once('message', (job: RenderJob) => {
  const answer = readFile(job.inputPath)
    .then((input) => runJob(job, input))
    .then(
      (rendered) => ({ ok: true as const, rendered }),
      (error: unknown) => ({ ok: false as const, error: error instanceof Error ? error.message : String(error) }),
    );
  void answer.then((message) => process.send!(message, () => process.exit(0)));
});
