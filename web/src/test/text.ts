/**
 * A text as Testing Library's text queries and `toHaveTextContent` compare it. They fold every
 * run of white space on the page into one plain space, the no-break spaces of French typography
 * included (docs/architecture.md §1.1), but compare with the expected text as it is given: a
 * catalogue text with a no-break space is found once its spaces are folded the same way.
 * Accessible names keep their no-break spaces, so `getByRole(…, { name })` takes the text as it is.
 */
export function withPlainSpaces(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
