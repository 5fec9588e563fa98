/**
 * A fetch that counts the requests a client makes, passing each on to `answer` (the real fetch
 * unless told otherwise): for retry tests that must see how often a client tried.
 */
export function countingFetch(answer: typeof fetch = fetch) {
  const counter = {
    calls: 0,
    fetch: ((...args) => {
      counter.calls++;
      return answer(...args);
    }) as typeof fetch,
  };
  return counter;
}
