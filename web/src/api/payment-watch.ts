/**
 * A payment is made on the provider's page in another tab, and confirmed there. The page
 * that opened it learns the outcome by asking again every few seconds, and at once when
 * the organiser comes back to its tab, until what it waits for has happened.
 */
const PAYMENT_POLL_MS = 4000;

export function paymentWatch<T>(settled: (data: T | undefined) => boolean) {
  return {
    refetchInterval: (query: { state: { data: T | undefined } }) => (settled(query.state.data) ? false : PAYMENT_POLL_MS),
    refetchOnWindowFocus: true,
  } as const;
}
