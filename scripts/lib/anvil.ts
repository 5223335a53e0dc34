import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

/** Path of the platform Anvil binary shipped by the pinned npm package (no download, no wrapper). */
export function anvilBinary(): string {
  const pkg = require.resolve("@foundry-rs/anvil-linux-amd64/package.json");
  return path.join(path.dirname(pkg), "bin", "anvil");
}

export type AnvilOptions = {
  port: number;
  chainId?: number;
  /** Persist chain state here (loaded at start, dumped every `stateInterval` s and on exit). */
  stateFile?: string;
  stateInterval?: number;
  blockTime?: number;
  /** Inherit stdio (for `npm start`) instead of keeping Anvil quiet. */
  verbose?: boolean;
};

export type Anvil = { url: string; process: ChildProcess; stop: () => Promise<void> };

/** Spawns Anvil and resolves once it answers `eth_chainId` with the expected id. */
export async function startAnvil(opts: AnvilOptions): Promise<Anvil> {
  const chainId = opts.chainId ?? 99199;
  const args = ["--host", "127.0.0.1", "--port", String(opts.port), "--chain-id", String(chainId)];
  args.push("--accounts", "10", "--balance", "1000000", "--gas-limit", "60000000");
  if (opts.stateFile) {
    args.push("--state", opts.stateFile, "--state-interval", String(opts.stateInterval ?? 1));
  }
  if (opts.blockTime) args.push("--block-time", String(opts.blockTime));
  const child = spawn(anvilBinary(), args, { stdio: opts.verbose ? "inherit" : "ignore" });
  const url = `http://127.0.0.1:${opts.port}`;
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (exited) throw new Error(`anvil exited during start-up (port ${opts.port} busy?)`);
    try {
      const got = await rpcChainId(url);
      if (got !== chainId) throw new Error(`anvil on ${url} answers chain id ${got}, expected ${chainId}`);
      break;
    } catch (err) {
      if (err instanceof Error && err.message.startsWith("anvil on")) throw err;
      if (Date.now() > deadline) throw new Error(`anvil did not answer on ${url} within 20 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (exited) return resolve();
      child.once("exit", () => resolve());
      // SIGINT lets Anvil dump its state file before it exits.
      child.kill("SIGINT");
      setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
    });
  return { url, process: child, stop };
}

async function rpcChainId(url: string): Promise<number> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
    signal: AbortSignal.timeout(1_000),
  });
  const body = (await res.json()) as { result: string };
  return Number.parseInt(body.result, 16);
}

/** Anvil's well-known dev keys (mnemonic "test test … junk"); local chains only. */
export const ANVIL_KEYS = [
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
  "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
  "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba",
  "0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e",
  "0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356",
  "0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97",
  "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6",
] as const satisfies readonly `0x${string}`[];
