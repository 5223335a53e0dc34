/**
 * `npm start`'s first step (scripts/start.sh), before `npm ci` and the builds: a second start on a
 * DATA_DIR whose database a running server holds stops here with one line, before it replaces the
 * node_modules and the build that server runs from. Exit status 3 then.
 *
 * Anything else that goes wrong here (node_modules out of date after a pull, an invalid setting)
 * is not this check's to report: it says so and lets the start go on; scripts/start.ts checks
 * DATA_DIR again, with the dependencies installed, before it builds.
 *
 * Usage: node --import tsx scripts/check-data-dir.ts (in the app directory)
 */
// Imported inside the try: a module that fails to load (node_modules out of date) is caught too.
// (`export {}` makes this file a module, for the top-level await.)
export {};

// Reading the configuration may create DATA_DIR and its session secret: private, as
// restrictDataDir (src/db/client.ts) makes them in scripts/start.ts.
process.umask(0o077);
try {
  const { parseConfig } = await import("../src/server/config");
  const { dataDirInUse } = await import("./lib/start-guard");
  // As scripts/start.ts reads the configuration.
  const inUse = dataDirInUse(parseConfig({ ...process.env, NODE_ENV: "production" }));
  if (inUse) {
    console.error(`› ${inUse}`);
    process.exit(3);
  }
} catch (err) {
  console.log(`› DATA_DIR not checked before installing (${(err as Error).message.split("\n")[0]})`);
}
