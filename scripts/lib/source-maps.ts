/**
 * Whether the production web process keeps Node's source maps on (docs/ARCHITECTURE.md, "Server
 * memory"). scripts/serve.ts runs under tsx, and registering tsx turns source maps on for the whole
 * process; with them on, Node reads and keeps in memory, for the life of the process, the `.map`
 * file of every module it loads, including each of Next's server chunks (88 MiB of maps for this
 * build). `next start` leaves them off. So does this entry in production once its own TypeScript is
 * loaded, unless the operator asked for them with `--enable-source-maps` (mapped stack traces for
 * the price of that memory). `next dev` manages them itself.
 */
export function keepSourceMaps(nodeEnv: string | undefined, execArgv: string[], nodeOptions = ""): boolean {
  if (nodeEnv !== "production") return true;
  return [...execArgv, ...nodeOptions.split(/\s+/)].includes("--enable-source-maps");
}
