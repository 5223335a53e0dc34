/// <reference lib="webworker" />
import { searchSolution } from "./solve";

// The proof-of-work solver off the main thread. Bundled as its own same-origin script (no blob: or
// eval), so it runs under a strict Content-Security-Policy with `worker-src 'self'`.

type Start = { challenge: string; salt: string; algorithm: "SHA-256"; maxnumber: number };

self.onmessage = async (event: MessageEvent<Start>) => {
  const number = await searchSolution(event.data, (p) => self.postMessage({ type: "progress", ...p }));
  self.postMessage(number === null ? { type: "failed" } : { type: "solved", number });
};
