/**
 * `npm install` on a machine whose Node is older than the project's: one French line says what
 * runs where, and npm's engine warnings (some fifty lines) are not printed.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { machineNode, runtimeNotice } from './runtime-notice.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const project = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const wanted = project.devDependencies.node;

test('the notice names both versions in French, once, and says nothing when they agree', () => {
  assert.equal(runtimeNotice('20.20.2', '24.21.0'), 'Node 20.20.2 sur cette machine\u00a0: le projet installe et utilise Node 24.21.0 pour ses scripts (voir docs/decisions/0010-node-runtime.md).');
  assert.equal(runtimeNotice('24.21.0', '24.21.0'), null);
  assert.equal(machineNode({ npm_config_user_agent: 'npm/11.19.1 node/v20.20.2 linux x64 workspaces/false' }), '20.20.2');
});

test('npm runs it before installing, and it prints one line when npm runs on another Node', () => {
  assert.equal(project.scripts.preinstall, 'node scripts/runtime-notice.mjs');
  const run = (agent) => execFileSync(process.execPath, ['scripts/runtime-notice.mjs'], { cwd: root, encoding: 'utf8', env: { ...process.env, npm_config_user_agent: agent } });
  assert.deepEqual(run('npm/11.19.1 node/v20.20.2 linux x64 workspaces/false').trim().split('\n'), [runtimeNotice('20.20.2', wanted)]);
  assert.equal(run(`npm/11.19.1 node/v${wanted} linux x64 workspaces/false`), '');
});

/** The machine's own Node and npm, when they are older than the project's: what a newcomer runs. */
const machine = ['/usr/bin/node', '/usr/local/bin/node'].find((node) => existsSync(node) && existsSync(node.replace(/node$/, 'npm')) && Number(execFileSync(node, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' })) < Number(wanted.split('.')[0]));

test('the project’s npm settings leave out the engine warnings an older Node would print', { skip: machine ? false : 'no Node older than the project’s on this machine' }, () => {
  // A dry run from the lock file, offline: it writes nothing and reads the registry's cache only.
  const install = (...extra) => {
    const answer = spawnSync(machine.replace(/node$/, 'npm'), ['install', '--dry-run', '--ignore-scripts', '--offline', '--no-audit', '--no-fund', ...extra], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${machine.replace(/\/node$/, '')}:/usr/bin:/bin` },
    });
    return `${answer.stdout}${answer.stderr}`;
  };
  const count = (output) => output.split('\n').filter((line) => line.includes('EBADENGINE')).length;
  // Without the project's setting the warnings are there: the measure is a real one.
  assert.ok(count(install('--loglevel=warn')) > 0);
  assert.equal(count(install()), 0);
});
