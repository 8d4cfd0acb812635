/** The API envelope (docs/architecture.md §2): `{ message?, results? }` on success. */
export function ok<T>(results?: T, message?: string): { message?: string; results?: T } {
  const body: { message?: string; results?: T } = {};
  if (message !== undefined) body.message = message;
  if (results !== undefined) body.results = results;
  return body;
}
