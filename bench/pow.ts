/**
 * `npm run bench:pow`: how long the faucet's proof of work takes to solve, at FAUCET_POW_MAXNUMBER
 * (default from the configuration), in Node (altcha-lib's solver, as tests and bots would run it) and
 * in Debian chromium (the same SHA-256 search through WebCrypto that the browser worker runs, on a
 * page served from 127.0.0.1 so WebCrypto is available). Prints mean and p90 over BENCH_RUNS
 * challenges and the hash rate; writes bench/results/pow.json. A mid-range phone is slower than this
 * machine's chromium; the printed phone estimate divides the hash rate by BENCH_PHONE_FACTOR (4).
 */

import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { createChallenge, solveChallenge } from "altcha-lib/v1";

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PHONE_FACTOR = Number(process.env.BENCH_PHONE_FACTOR ?? 4);
process.env.LOG_LEVEL ??= "warn";
const { config } = await import("../src/server/config");
const MAX = Number(process.env.FAUCET_POW_MAXNUMBER ?? config().FAUCET_POW_MAXNUMBER);

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return {
    meanMs: Math.round(s.reduce((a, b) => a + b, 0) / s.length),
    p90Ms: Math.round(s[Math.floor(s.length * 0.9)] ?? 0),
  };
};

const challenges = await Promise.all(
  Array.from({ length: RUNS }, () => createChallenge({ hmacKey: "bench", maxnumber: MAX })),
);

console.log(`› Node: ${RUNS} challenges at maxnumber ${MAX}`);
const nodeTimes: number[] = [];
let nodeHashes = 0;
for (const c of challenges) {
  const t = performance.now();
  const s = await solveChallenge(c.challenge, c.salt, c.algorithm, MAX).promise;
  nodeTimes.push(performance.now() - t);
  nodeHashes += (s?.number ?? MAX) + 1;
}
const node = {
  ...stats(nodeTimes),
  hashesPerSecond: Math.round(nodeHashes / (nodeTimes.reduce((a, b) => a + b, 0) / 1000)),
};
console.log(`  mean ${node.meanMs} ms, p90 ${node.p90Ms} ms, ${node.hashesPerSecond} hashes/s`);

console.log("› chromium (WebCrypto, as the browser worker)");
const server = createServer((_, res) => res.end("<!doctype html><title>pow</title>"));
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
const port = (server.address() as { port: number }).port;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${port}/`);
const browserTimes: number[] = [];
let browserHashes = 0;
for (const c of challenges) {
  const r = await page.evaluate(
    async ({ challenge, salt, max }) => {
      const enc = new TextEncoder();
      const t = performance.now();
      for (let n = 0; n <= max; n++) {
        const d = new Uint8Array(await crypto.subtle.digest("SHA-256", enc.encode(salt + n)));
        let hex = "";
        for (const b of d) hex += b.toString(16).padStart(2, "0");
        if (hex === challenge) return { ms: performance.now() - t, n };
      }
      return { ms: performance.now() - t, n: max };
    },
    { challenge: c.challenge, salt: c.salt, max: MAX },
  );
  browserTimes.push(r.ms);
  browserHashes += r.n + 1;
}
await browser.close();
server.close();
const browserStats = {
  ...stats(browserTimes),
  hashesPerSecond: Math.round(browserHashes / (browserTimes.reduce((a, b) => a + b, 0) / 1000)),
};
console.log(
  `  mean ${browserStats.meanMs} ms, p90 ${browserStats.p90Ms} ms, ${browserStats.hashesPerSecond} hashes/s`,
);
const phoneMeanS = Number(((MAX / 2 / browserStats.hashesPerSecond) * PHONE_FACTOR).toFixed(1));
console.log(`  mid-range phone estimate (÷${PHONE_FACTOR}): mean ${phoneMeanS} s`);

const results = {
  maxnumber: MAX,
  runs: RUNS,
  node,
  chromium: browserStats,
  phoneFactor: PHONE_FACTOR,
  phoneMeanSeconds: phoneMeanS,
};
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
mkdirSync(path.join(root, "bench", "results"), { recursive: true });
writeFileSync(path.join(root, "bench", "results", "pow.json"), `${JSON.stringify(results, null, 2)}\n`);
