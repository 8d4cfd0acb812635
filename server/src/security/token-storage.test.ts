/**
 * The web app keeps its session token in localStorage (decision 0007): what protects it is
 * that no script but the site's own can run on any page, and that a page can send data to the
 * site only. Every route the web app declares is requested here and must carry that policy.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { webPaths } from '@creadefi/domain';
import { directives } from './csp';
import { SCRIPT_LOADER_SOURCE } from '../http/scripts-after-paint';

const APP = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/src/app');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/**
 * Every page path the web app declares (the router's own and the named ones it uses), with
 * sample values in place of parameters.
 */
function pagePaths(): string[] {
  const router = fs.readFileSync(path.join(APP, 'router.tsx'), 'utf8');
  const named = fs.readFileSync(path.join(APP, 'paths.ts'), 'utf8');
  const declared = [...router.matchAll(/path:\s*'([^']*)'/g)].map((m) => m[1]!);
  // Child routes ("etape1") hang below their parent's path.
  const absolute = declared.map((p) => (p.startsWith('/') ? p : `/organiser-concours/${p}`));
  const fromNames = [...named.matchAll(/[`'](\/[^`']*)[`']/g)].map((m) => m[1]!);
  // The pages the server links to are named once, in domain.
  const shared = Object.values(webPaths).map((p) => (typeof p === 'string' ? p : p(':id' as never)));
  return [...new Set([...absolute, ...fromNames, ...shared].filter((p) => p !== '*').map((p) => p.replace(/:[A-Za-z]+|\$\{[^}]*\}/g, 'x1')))];
}

describe('where the session token lives', () => {
  it('every page of the web app runs only the site’s own scripts and sends data only to the site', async () => {
    const paths = pagePaths();
    expect(paths).toContain('/mon-profil/informations-personnelles');
    expect(paths).toContain('/email-change/undo/x1');
    expect(paths.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const url of paths) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const csp = directives(String(res.headers['content-security-policy'] ?? ''));
      const expectOnly = (name: string, values: string[]) => {
        if (JSON.stringify(csp.get(name)) !== JSON.stringify(values)) problems.push(`${url}: ${name} is ${JSON.stringify(csp.get(name))}`);
      };
      expectOnly('default-src', ["'self'"]);
      expectOnly('script-src', ["'self'", SCRIPT_LOADER_SOURCE]);
      expectOnly('connect-src', ["'self'"]);
      expectOnly('object-src', ["'none'"]);
      expectOnly('base-uri', ["'none'"]);
      expectOnly('form-action', ["'self'"]);
      expectOnly('frame-ancestors', ["'none'"]);
    }
    expect(problems).toEqual([]);
  });
});
