import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { Ineligible } from "../allocation";
import type { FreezeInput, FreezeSummary, FrozenSource, RowBatch } from "./freeze-compute";
import type { FreezeStream, FreezeThreadData, FreezeThreadMessage } from "./freeze-thread";

/**
 * Runs the CPU-heavy half of a freeze (freeze-compute.ts) in a worker thread, so the process's event
 * loop only does bounded async work while a round freezes (docs/airdrop.md "Publishing"): on one
 * machine the airdrop worker runs in the web process, where a synchronous allocation or tree build
 * stalled every visitor's request for as long as it took (at 300,000 recipients: 18–66 s on
 * PostgreSQL, the whole 50 s freeze on PGlite; `npm run bench:airdrop-stall`). The thread's heap is its own, bounded by `maxMb`, and freed whole
 * when the thread ends; the main thread keeps the database work and pulls rows, proofs and dump
 * chunks one batch at a time (one batch ahead, so the thread computes while the main thread stores).
 */

/** A failure of the freeze thread (it threw, ran out of memory or stopped): recorded on the round. */
export class FreezeThreadError extends Error {}

export type FreezeThread = {
  summary: Promise<FreezeSummary>;
  source: FrozenSource;
  /** Ends the thread (its heap, the tree, goes with it). Always called, also after a failure. */
  close(): Promise<void>;
};

export type FreezeThreadOptions = {
  rowsPerBatch: number;
  treeChunkChars: number;
  /** The thread's old-generation heap limit (AIRDROP_FREEZE_MEMORY_MB). */
  maxMb: number;
  /** Tests: the thread once it is started (the crash test terminates it midway). */
  onThread?: (thread: Worker) => void;
};

export function startFreezeThread(input: FreezeInput, opts: FreezeThreadOptions): FreezeThread {
  // The entry is found from the working directory, the app's root in every process entry (as Next's
  // docs do for files read at run time): Next bundles this module, so `import.meta.url` is no source
  // path. A literal path, so the build traces this one file; started through `eval`, so the bundler
  // leaves the thread alone (freeze-thread.mjs loads its TypeScript itself).
  const entry = pathToFileURL(path.join(process.cwd(), "src/features/airdrop/server/freeze-thread.mjs")).href;
  const workerData: FreezeThreadData = {
    input,
    rowsPerBatch: opts.rowsPerBatch,
    treeChunkChars: opts.treeChunkChars,
  };
  const thread = new Worker(`import(${JSON.stringify(entry)})`, {
    eval: true,
    workerData,
    resourceLimits: { maxOldGenerationSizeMb: opts.maxMb },
    // The process's flags and loaders are not the thread's business (Node 20 would not apply the
    // loaders anyway: freeze-thread.mjs), and its stdin is never read.
    execArgv: [],
    stdin: false,
  });
  opts.onThread?.(thread);

  let failure: FreezeThreadError | null = null;
  let closing = false;
  let summary!: { resolve: (s: FreezeSummary) => void; reject: (e: Error) => void };
  const summaryPromise = new Promise<FreezeSummary>((resolve, reject) => {
    summary = { resolve, reject };
  });
  // The thread answers pulls in order: one waiting promise per pull, oldest first.
  const waiting: {
    resolve: (m: FreezeThreadMessage & { type: "batch" }) => void;
    reject: (e: Error) => void;
  }[] = [];
  const fail = (err: FreezeThreadError) => {
    if (failure) return;
    failure = err;
    summary.reject(err);
    for (const w of waiting.splice(0)) w.reject(err);
  };
  thread.on("message", (m: FreezeThreadMessage) => {
    if (m.type === "summary") summary.resolve(m.summary);
    else waiting.shift()?.resolve(m);
  });
  thread.on("error", (err: Error & { code?: string }) => {
    fail(
      new FreezeThreadError(
        err.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? `the freeze needed more than its ${opts.maxMb} MB of memory (AIRDROP_FREEZE_MEMORY_MB): ${err.message}`
          : `the freeze thread failed: ${err.message}`,
      ),
    );
  });
  thread.on("exit", (code) => {
    if (!closing) fail(new FreezeThreadError(`the freeze thread stopped unexpectedly (exit code ${code})`));
  });
  // Nobody may be awaiting the summary any more when the thread fails (e.g. after close()).
  summaryPromise.catch(() => {});

  const pull = (stream: FreezeStream) =>
    new Promise<FreezeThreadMessage & { type: "batch" }>((resolve, reject) => {
      if (failure) return reject(failure);
      waiting.push({ resolve, reject });
      thread.postMessage(stream);
    });
  async function* batches<T>(stream: FreezeStream): AsyncGenerator<T> {
    let ahead = pull(stream);
    for (;;) {
      const m = await ahead;
      if (m.done) return;
      ahead = pull(stream);
      // A caller that stops early (its INSERT failed) leaves this pull unawaited.
      ahead.catch(() => {});
      yield m.value as T;
    }
  }
  return {
    summary: summaryPromise,
    source: {
      rows: () => batches<RowBatch>("rows"),
      ineligible: () => batches<Ineligible[]>("ineligible"),
      treeChunks: () => batches<string>("tree"),
    },
    async close() {
      closing = true;
      await thread.terminate();
    },
  };
}
