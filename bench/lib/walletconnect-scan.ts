import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/**
 * Strings only WalletConnect code carries: the relay's host and the storage prefix of
 * @walletconnect/core, the `display_uri` event of wagmi's walletConnect connector and of our views,
 * and the plug-in's test seam (src/wallet-modal/walletconnect/connector.ts).
 */
export const WALLETCONNECT_MARKERS = [
  "relay.walletconnect",
  "wc@2:",
  "display_uri",
  "__aurumWalletConnectProvider",
] as const;

export type MarkedChunk = { file: string; markers: string[]; gzip: number };

/** Every client chunk of a Next.js build (`<distDir>/static`) that holds WalletConnect code. */
export function scanWalletConnect(distDir: string): { chunks: number; marked: MarkedChunk[] } {
  const root = path.join(distDir, "static");
  if (!fs.existsSync(root)) throw new Error(`no build at ${distDir} (run next build first)`);
  const marked: MarkedChunk[] = [];
  let chunks = 0;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
    chunks++;
    const file = path.join(entry.parentPath, entry.name);
    const body = fs.readFileSync(file);
    const text = body.toString("utf8");
    const markers = WALLETCONNECT_MARKERS.filter((m) => text.includes(m));
    if (markers.length > 0) {
      marked.push({
        file: path.relative(root, file),
        markers,
        gzip: zlib.gzipSync(body, { level: 6 }).length,
      });
    }
  }
  return { chunks, marked };
}
