// The freeze thread's entry (freeze-worker.ts starts it by path). Plain JavaScript because Node 20
// does not run a worker thread through the process's `--import tsx` loader: the TypeScript body is
// loaded with tsx's API instead, the same in the web process (scripts/serve.ts runs under tsx), the
// worker process, tests and benches. Its imports are relative and server-only-free (freeze-compute.ts).
import { tsImport } from "tsx/esm/api";

await tsImport("./freeze-thread.ts", import.meta.url);
