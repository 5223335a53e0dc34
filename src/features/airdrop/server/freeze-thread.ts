import { parentPort, workerData } from "node:worker_threads";
import {
  computeFreeze,
  type FreezeInput,
  type FreezeSummary,
  ineligibleBatches,
  type RowBatch,
  rowBatches,
} from "./freeze-compute";
import { dumpChunks } from "./tree-json";

/**
 * The freeze thread's body (docs/airdrop.md "Publishing"; started by freeze-worker.ts through
 * freeze-thread.mjs): computes the allocation and the tree once, posts the summary, then answers
 * the main thread's pulls one batch at a time, so what crosses between threads (and what the main
 * thread holds) is bounded by a batch. It stays until the main thread terminates it.
 */

export type FreezeThreadData = { input: FreezeInput; rowsPerBatch: number; treeChunkChars: number };
export type FreezeStream = "rows" | "ineligible" | "tree";
export type FreezeThreadMessage =
  | { type: "summary"; summary: FreezeSummary }
  | { type: "batch"; stream: FreezeStream; done: boolean; value?: RowBatch | unknown[] | string };

const port = parentPort;
if (!port) throw new Error("freeze-thread.ts runs in a worker thread only");
const data = workerData as FreezeThreadData;
const { result, tree, summary } = computeFreeze(data.input);
// The snapshot text is the largest input (~50 MB at a million participants): not needed any more.
data.input.pairs = null;
port.postMessage({ type: "summary", summary } satisfies FreezeThreadMessage);

const streams: Record<FreezeStream, Iterator<RowBatch | unknown[] | string>> | null = tree
  ? {
      rows: rowBatches(result.allocations, tree, data.rowsPerBatch),
      ineligible: ineligibleBatches(result.ineligible, data.rowsPerBatch),
      tree: dumpChunks(tree.dump, data.treeChunkChars),
    }
  : null;

port.on("message", (stream: FreezeStream) => {
  const it = streams?.[stream];
  if (!it) throw new Error(`nothing to store: ${stream}`);
  const next = it.next();
  port.postMessage({
    type: "batch",
    stream,
    done: next.done === true,
    value: next.value,
  } satisfies FreezeThreadMessage);
});
