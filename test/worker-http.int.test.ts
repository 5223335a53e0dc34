import net from "node:net";
import { Gauge, Registry } from "prom-client";
import { afterEach, describe, expect, it } from "vitest";
import { startWorkerHttp, type WorkerHttp } from "../scripts/lib/worker-http";

// The worker process's metrics and health server (scripts/lib/worker-http.ts), on a free port.

let server: WorkerHttp | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(opts: { token?: string; status?: () => "starting" | "ok" | "stopping" } = {}) {
  const registry = new Registry();
  new Gauge({ name: "aurum_faucet_refilling", help: "test gauge", registers: [registry] }).set(1);
  server = await startWorkerHttp({ host: "127.0.0.1", port: 0, registry, status: () => "ok", ...opts });
  return `http://127.0.0.1:${server.port}`;
}

/** One raw exchange: what the server answers, and whether it then closed the connection. */
function raw(port: number, request: string): Promise<{ head: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let data = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ head: data, closed: false });
    }, 2_000);
    socket.on("data", (chunk) => {
      data += chunk.toString();
    });
    socket.on("end", () => {
      clearTimeout(timer);
      resolve({ head: data, closed: true });
    });
    socket.on("error", reject);
    socket.write(request);
  });
}

describe("worker metrics and health server", () => {
  it("serves the registry at /metrics and 200 at /health while the loops run, 503 once stopping", async () => {
    let state: "starting" | "ok" | "stopping" = "starting";
    const base = await start({ status: () => state });
    const starting = await fetch(`${base}/health`);
    expect(starting.status).toBe(503);
    expect(await starting.json()).toEqual({ status: "starting" });
    state = "ok";
    const metrics = await fetch(`${base}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await metrics.text()).toContain("aurum_faucet_refilling 1");

    const health = await fetch(`${base}/health?probe=1`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    state = "stopping";
    const stopping = await fetch(`${base}/health`);
    expect(stopping.status).toBe(503);
    expect(await stopping.json()).toEqual({ status: "stopping" });

    expect((await fetch(`${base}/api/metrics`)).status).toBe(404);
    const head = await fetch(`${base}/metrics`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("wants METRICS_TOKEN as a Bearer token for /metrics when set, never for /health", async () => {
    const token = "Prom-scrape_token.0123456789";
    const base = await start({ token });
    const none = await fetch(`${base}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    expect(
      (await fetch(`${base}/metrics`, { headers: { authorization: "Bearer wrong-token-123456" } })).status,
    ).toBe(401);
    const ok = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("aurum_faucet_refilling");
    expect((await fetch(`${base}/health`)).status).toBe(200);
  });

  it("reads no request body: other methods get 405, and a request with a body closes its connection", async () => {
    await start();
    const port = server!.port;
    const post = await raw(
      port,
      "POST /metrics HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\nonly the first bytes",
    );
    expect(post.head).toMatch(/^HTTP\/1\.1 405 /);
    expect(post.head).toMatch(/\r\nallow: GET, HEAD\r\n/i);
    expect(post.closed).toBe(true);
    const getWithBody = await raw(
      port,
      "GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\nx",
    );
    expect(getWithBody.head).toMatch(/^HTTP\/1\.1 200 /);
    expect(getWithBody.closed).toBe(true);
  });

  it("refuses to start on a port that is taken", async () => {
    await start();
    await expect(
      startWorkerHttp({
        host: "127.0.0.1",
        port: server!.port,
        registry: new Registry(),
        status: () => "ok",
      }),
    ).rejects.toThrow(/EADDRINUSE/);
  });
});
