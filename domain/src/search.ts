/**
 * The search over open contests (docs/product.md §11): its limits, shared by the search box and
 * the server. Kept apart from the schemas so that the search box does not load the validation
 * library for them.
 */
import { DAY_MS } from './durations';

/** Longer queries are refused: a search box needs a few words, not a brief. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
export const SEARCH_PAGE_SIZE = 12;
/** Pages are counted from the first: further than this, a narrower search is the answer. */
export const SEARCH_MAX_PAGE = 50;
/**
 * A search with words shows at most this many pages: the best ranked among the matches that end
 * soonest. Past that, « Plus de 120 concours » asks for another word rather than a deeper page.
 */
export const SEARCH_WORDS_MAX_PAGE = 10;
/** « Se termine bientôt »: open contests whose end is at most this far away. */
export const ENDING_SOON_MS = 2 * DAY_MS;
/** The highest prize a filter may name, in cents (the creation form's own ceiling). */
export const SEARCH_MAX_PRIZE_CENTS = 100_000_000;
