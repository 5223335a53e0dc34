import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { listen, listenErrorMessage, portUnavailable } from "./listen";

const open: net.Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A port some other server holds for the test's duration. */
async function heldPort(): Promise<number> {
  const other = net.createServer();
  open.push(other);
  await listen(other, 0);
  return (other.address() as net.AddressInfo).port;
}

describe("taking the web port", () => {
  it("rejects with the bind error on a port another server holds, and says what to do", async () => {
    const port = await heldPort();
    const server = net.createServer();
    const err = await listen(server, port).catch((e: unknown) => e);
    expect((err as NodeJS.ErrnoException).code).toBe("EADDRINUSE");
    expect(listenErrorMessage(err, port)).toBe(
      `port ${port} is already in use: stop the other server or set PORT`,
    );
    expect(server.listening).toBe(false);
  });

  it("resolves once listening, and leaves no error listener behind", async () => {
    const server = net.createServer();
    open.push(server);
    await listen(server, 0);
    expect(server.listening).toBe(true);
    expect(server.listenerCount("error")).toBe(0);
  });

  it("probes a port without keeping it: free, then held", async () => {
    const port = await heldPort();
    expect(await portUnavailable(port)).toBe(
      `port ${port} is already in use: stop the other server or set PORT`,
    );
    await new Promise((r) => open.pop()?.close(r));
    expect(await portUnavailable(port)).toBeUndefined();
    // The probe closed its socket: the port can be taken again at once.
    const again = net.createServer();
    open.push(again);
    await expect(listen(again, port)).resolves.toBeUndefined();
  });

  it("names privileged ports and anything else in one line", () => {
    expect(listenErrorMessage(Object.assign(new Error("x"), { code: "EACCES" }), 80)).toBe(
      "port 80 needs privileges this user does not have: set PORT above 1023",
    );
    expect(listenErrorMessage(new Error("boom"), 3000)).toBe("cannot listen on port 3000: boom");
  });
});
