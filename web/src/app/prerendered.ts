/** Marks the page's root when the build drew the page into it (web/scripts/prerender.ts reads it too). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/** Its value when the drawing is a member page's frame, drawn as the member sees it while their profile loads. */
export const MEMBER_FRAME = 'signing-in';
