import net from "node:net";
import { describe, expect, it } from "vitest";
import { freePorts } from "./ports";

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });

describe("free ports (scripts/test.sh picks the run's servers' ports with these)", () => {
  it("gives distinct ports, each free again once returned", async () => {
    const ports = await freePorts(5);
    expect(new Set(ports).size).toBe(5);
    for (const port of ports) expect(await canListen(port)).toBe(true);
  });
});
