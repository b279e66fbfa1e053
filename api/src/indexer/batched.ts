/**
 * Coalesces calls: the arguments of calls made while a batch is waiting to be sent (up to
 * `maxBatch` of them) join it; it is sent on the next turn of the event loop as one `load(all)`,
 * and each call gets its own share. A call never joins a batch that was sent before it was made,
 * so its answer is read after it.
 */
export function batched<A, R>(load: (all: readonly A[]) => Promise<R[]>, maxBatch = 16): (arg: A) => Promise<R> {
  let waiting: { args: A[]; results: Promise<R[]> } | undefined;
  return (arg) => {
    if (!waiting || waiting.args.length >= maxBatch) {
      const batch = { args: [] as A[], results: Promise.resolve([] as R[]) };
      batch.results = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        if (waiting === batch) waiting = undefined;
        return load(batch.args);
      });
      waiting = batch;
    }
    const index = waiting.args.push(arg) - 1;
    return waiting.results.then((results) => {
      const result = results[index];
      if (result === undefined) throw new Error(`batched: no result for call ${index}`);
      return result;
    });
  };
}
