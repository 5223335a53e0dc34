import net from "node:net";

/**
 * Taking the web port (scripts/serve.ts, and `npm start`'s check before it builds). Without an
 * `error` listener a Node server that cannot bind logs `EADDRINUSE` and the process lives on with its
 * workers running and nothing served; these turn that into one line and a refusal.
 */

/** One line naming the port and what to do, for the bind errors an operator can cause. */
export function listenErrorMessage(err: unknown, port: number): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === "EADDRINUSE") return `port ${port} is already in use: stop the other server or set PORT`;
  if (code === "EACCES") return `port ${port} needs privileges this user does not have: set PORT above 1023`;
  return `cannot listen on port ${port}: ${err instanceof Error ? err.message : String(err)}`;
}

/** Listens on every interface, like `next start`; rejects with the bind error instead of emitting it. */
export function listen(server: net.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once("error", onError);
    server.listen(port, () => {
      server.off("error", onError);
      resolve();
    });
  });
}

/**
 * Why `port` cannot be taken right now (listenErrorMessage), or undefined when it can: a probe that
 * binds and closes at once. Another process can still take the port before the server does, which
 * `listen` then reports; the probe only spares a build of minutes that would end in that refusal.
 */
export async function portUnavailable(port: number): Promise<string | undefined> {
  const probe = net.createServer();
  try {
    await listen(probe, port);
  } catch (err) {
    return listenErrorMessage(err, port);
  }
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return undefined;
}
