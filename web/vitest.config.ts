import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    // Layout rules that tests read back through getComputedStyle; other stylesheets stay out.
    css: { include: [/(Toasts|conversation)\.module\.css$/] },
    setupFiles: ['src/test/setup.ts'],
    // Typing into forms with user-event takes seconds on a loaded two-core machine.
    testTimeout: 20_000,
  },
});
