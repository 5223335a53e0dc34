import type { ChildProcess, StdioOptions } from "node:child_process";
import { spawnBundledChild } from "./child-bundle";

/** What test/airdrop-publish-child.ts is told through its environment (see its header). */
export type PublishChildOptions = {
  dbUrl: string;
  rpcUrl: string;
  key: string;
  chainId: number;
  leaseSeconds: number;
  mode: "publish" | "worker";
  round?: string;
  stopAt?: string;
  treeChunkChars?: number;
};

/** The child's source; `bundleChild(PUBLISH_CHILD)` (test/child-bundle.ts) gives the file to run. */
export const PUBLISH_CHILD = "test/airdrop-publish-child.ts";

/**
 * The airdrop publish job (or one worker tick) in its own process, for the kill test and the bench:
 * `file` is the child's bundle (`await bundleChild(PUBLISH_CHILD)`).
 */
export function spawnPublishChild(file: string, o: PublishChildOptions, stdio: StdioOptions): ChildProcess {
  return spawnBundledChild(file, {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PUBLISH_CHILD_MODE: o.mode,
      PUBLISH_CHILD_DB_URL: o.dbUrl,
      PUBLISH_CHILD_RPC_URL: o.rpcUrl,
      PUBLISH_CHILD_KEY: o.key,
      PUBLISH_CHILD_CHAIN_ID: String(o.chainId),
      PUBLISH_CHILD_LEASE_SECONDS: String(o.leaseSeconds),
      PUBLISH_CHILD_ROUND: o.round ?? "",
      PUBLISH_CHILD_STOP_AT: o.stopAt ?? "",
      PUBLISH_CHILD_TREE_CHUNK_CHARS: o.treeChunkChars ? String(o.treeChunkChars) : "",
    },
    stdio,
  });
}
