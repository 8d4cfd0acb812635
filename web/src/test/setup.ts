import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';

// Forms and panels fetched on first use arrive with their own code. On a loaded two-core machine
// transforming that code takes longer than the library's one-second default, so waiting queries
// get five seconds; a missing element still fails the test.
configure({ asyncUtilTimeout: 5_000 });

// Banners live in a store of their own, beyond the rendered tree: a test starts with none shown
// or queued, or the third banner of one test would hide the first of the next (limit 3).
afterEach(() => {
  cleanup();
  notifications.clean();
});

// Mantine reads these browser APIs that happy-dom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, dispatchEvent: () => false }) as MediaQueryList;
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
