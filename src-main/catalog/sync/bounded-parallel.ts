// Runs async work over a list with at most `limit` items in flight. The store's request budget and the
// client's few sockets make a handful of parallel reads the sweet spot: enough to hide latency, few
// enough not to queue behind each other or look like an attack.

/**
 * Calls `work` for each item, `limit` at a time. After the first failure, or once `signal` aborts, no
 * new item is started; the ones in flight are awaited (their results are kept, so a resume does not
 * fetch them again) and then the first failure, or the abort reason, is thrown.
 */
export async function runBounded<T>(
  items: readonly T[],
  limit: number,
  signal: AbortSignal | undefined,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { readonly error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (failure === undefined && signal?.aborted !== true && next < items.length) {
      const item = items[next] as T;
      next += 1;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  const workers = Math.max(1, Math.min(Math.floor(limit), items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  if (failure !== undefined) throw failure.error;
  signal?.throwIfAborted();
}
