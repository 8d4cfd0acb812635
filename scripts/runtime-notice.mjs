/**
 * npm's "preinstall" of the project: on a machine whose own Node is not the one the project
 * brings, one line says what runs where, instead of npm's engine warnings (silenced by the
 * project's .npmrc). Plain JavaScript that the machine's Node, however old, runs before any
 * dependency is installed (docs/decisions/0010-node-runtime.md).
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const wanted = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).devDependencies.node;

/** The Node that runs npm, which npm names in its user agent; once installed, the project's own Node runs this script. */
export function machineNode(env = process.env) {
  return /\bnode\/v(\d+\.\d+\.\d+)/.exec(env.npm_config_user_agent ?? '')?.[1] ?? process.versions.node;
}

export function runtimeNotice(machine, project = wanted) {
  if (machine === project) return null;
  return `Node ${machine} sur cette machine\u00a0: le projet installe et utilise Node ${project} pour ses scripts (voir docs/decisions/0010-node-runtime.md).`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const notice = runtimeNotice(machineNode());
  if (notice) console.log(notice);
}
