/**
 * Mantine's useId (@mantine/hooks) starts from React's id, the same on the server and in the
 * browser, then replaces it with a random one in a layout effect. Every field, label, menu and
 * tooltip is thus drawn twice as it mounts, in the middle of the commit, and a page the server
 * drew changes all its ids as React takes it over: on a slowed phone, a task of 100 ms and more
 * on the proposals page. React's id is unique within the app's one root and survives the
 * takeover, so the browser's build keeps it. The server's drawing (scripts/prerender.ts), which
 * runs no effect, already writes these ids.
 */
import type { Plugin } from 'vite';

const USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

const STABLE_USE_ID = `import { useId as useReactId } from 'react';
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : 'mantine-' + reactId.replace(/:/g, '');
}
`;

export function stableMantineIds(): Plugin {
  return {
    name: 'creadefi-stable-mantine-ids',
    enforce: 'pre',
    load(id) {
      return USE_ID.test(id.split('?')[0]!) ? STABLE_USE_ID : null;
    },
  };
}
