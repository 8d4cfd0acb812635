/** Marks the page's root when the build drew the page into it (web/scripts/prerender.ts reads it too). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/** Its value when the drawing is a member page's frame, drawn as the member sees it while their profile loads. */
export const MEMBER_FRAME = 'signing-in';
/** Its value when the server drew the member's page with their data (prerender.tsx's renderMemberPage). */
export const MEMBER_PAGE = 'member';
/** The element holding that data, as JSON (a data block, which no browser runs). */
export const PAGE_DATA_ID = 'creadefi-page-data';
