import { readFile } from "node:fs/promises";
import path from "node:path";
import { renderMarkdown } from "@/lib/content/markdown";

let cached: string | undefined;

/** docs/airdrop.md as HTML for `/airdrop/verify` (the same file the repository documents). */
export async function verificationGuideHtml(): Promise<string> {
  cached ??= renderMarkdown(await readFile(path.join(process.cwd(), "docs", "airdrop.md"), "utf8"));
  return cached;
}
