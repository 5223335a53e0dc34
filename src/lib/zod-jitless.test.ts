import { execFileSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, it } from "vitest";

// zod keeps the configuration object it found on its first evaluation, once per process. Unit
// files share worker processes, so zod may already be loaded here: the order the browser sees
// (the instrumentation hook first, zod later) is checked in a fresh Node process.
it("instrumentation-client makes zod jitless without importing zod, keeping zod's other settings", () => {
  const hook = pathToFileURL(path.resolve(import.meta.dirname, "../instrumentation-client.ts")).href;
  const script = `
    globalThis.__zod_globalConfig = { marker: 1 };
    await import(${JSON.stringify(hook)});
    const { config } = await import("zod/v4/core");
    const { jitless, marker } = config();
    process.stdout.write(JSON.stringify({ jitless, marker }));
  `;
  const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    encoding: "utf8",
  });
  expect(JSON.parse(out)).toEqual({ jitless: true, marker: 1 });
});
