import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { inlineCover } from "./cover";

describe("inlineCover", () => {
  it("inlines a cover of public/news as a data: URL of the same bytes", async () => {
    const file = fs.readFileSync(path.join(process.cwd(), "public/news/launch.svg"));
    const url = await inlineCover("/news/launch.svg");
    expect(url).toBe(`data:image/svg+xml;base64,${file.toString("base64")}`);
    expect(await inlineCover("/news/launch.svg")).toBe(url);
  });

  it("keeps the URL of anything that is not a small local SVG cover", async () => {
    for (const src of [
      null,
      undefined,
      "",
      "https://cdn.example.com/news/launch.svg",
      "/news/../../package.json",
      "/news/%2e%2e/secret.svg",
      "/wallets/1inch.webp",
      "/news/launch.png",
      "/news/missing-cover.svg",
    ]) {
      expect(await inlineCover(src), String(src)).toBeNull();
    }
  });
});
