/**
 * The framework floor the benchmarks compare with: a one-file App Router app (a layout and a page
 * saying "Hello", no client code) built with the project's own `next` into `.bench-bare/`
 * (gitignored; rebuilt when the Next version changes) and served by `next start` on a free port.
 * bench:bundle compares the JavaScript a page fetches with it, bench:lighthouse the scores.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../../test/ports";
import { spawnServer } from "./server";

/** Builds (once per Next version) and serves the bare one-page app; returns its URL and a stop. */
export async function bareNext(): Promise<{ url: string; stop: () => Promise<void> }> {
  const root = path.resolve(import.meta.dirname, "../..");
  const dir = path.join(root, ".bench-bare");
  const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
  const version = JSON.parse(
    fs.readFileSync(path.join(root, "node_modules/next/package.json"), "utf8"),
  ).version;
  const stamp = path.join(dir, "next-version");
  if (
    !fs.existsSync(stamp) ||
    fs.readFileSync(stamp, "utf8") !== version ||
    !fs.existsSync(path.join(dir, ".next/BUILD_ID"))
  ) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(path.join(dir, "app"), { recursive: true });
    fs.writeFileSync(
      path.join(dir, "app/layout.jsx"),
      'export default function RootLayout({ children }) {\n  return (<html lang="en"><body>{children}</body></html>);\n}\n',
    );
    fs.writeFileSync(
      path.join(dir, "app/page.jsx"),
      "export default function Page() {\n  return <h1>Hello</h1>;\n}\n",
    );
    fs.writeFileSync(
      path.join(dir, "next.config.mjs"),
      `export default { turbopack: { root: ${JSON.stringify(root)} } };\n`,
    );
    console.log("building the bare Next page in .bench-bare/ …");
    execFileSync(process.execPath, [nextBin, "build", dir], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: "" },
    });
    fs.writeFileSync(stamp, version);
  }
  const port = await freePort();
  const child = spawnServer([nextBin, "start", dir, "-p", String(port)], {
    ...process.env,
    NODE_ENV: "production",
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}
