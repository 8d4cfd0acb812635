/** Marks the page's root when the build drew the page into it (web/scripts/prerender.ts reads it too). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
