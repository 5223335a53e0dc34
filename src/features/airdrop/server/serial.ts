/**
 * A queue of one: each task starts once every task queued before it has settled (resolved or
 * rejected), so at most one runs at a time in this process.
 */
export function serially(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = tail.then(task);
    tail = run.catch(() => {});
    return run;
  };
}
