/**
 * Polls until `check` holds, or fails after `timeoutMs`: for what arrives on its own
 * connection (PostgreSQL's announcements), where there is nothing to await.
 */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs: number, failure = 'condition not met in time'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(failure);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
