import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/db/client";
import { testDb } from "../../test/db";
import { config, resetConfigForTests } from "./config";
import { logger } from "./logger";
import { openApiDocument } from "./openapi";

// Operator-facing runtime: /api/health with the testnet RPC down (and the database too).
// The RPC URL carries a provider key in its path, as hosted RPCs (Infura, Alchemy …) do.
const RPC_KEY = "k3yFromTheRpcProvider0123456789";

let handle: DbHandle;
beforeAll(async () => {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "aurum-health-openapi-"));
  // Nothing listens on port 9 here: connection refused at once.
  process.env.TESTNET_RPC_URL = `http://127.0.0.1:9/v3/${RPC_KEY}`;
  process.env.WORKERS = "off";
  resetConfigForTests();
  handle = await testDb();
}, 120_000);
afterAll(async () => {
  delete process.env.TESTNET_RPC_URL;
  delete process.env.WORKERS;
  resetConfigForTests();
  await handle?.close();
});

describe("GET /api/health with the RPC down", () => {
  // The RPC is one provider behind every web process: its outage must not take them all out of a
  // load balancer's rotation, since the database alone decides whether a process can serve.
  it("answers 200 with rpc: error, and the OpenAPI document lists the database's 503 (docs/api.md does)", async () => {
    const warn = vi.spyOn(logger, "warn");
    const { GET } = await import("@/app/api/health/route");
    const res = await GET(new Request(`${config().origin}/api/health`), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ status: "ok", db: "ok", rpc: "error" });
    expect(JSON.stringify(body)).not.toContain(RPC_KEY);
    warn.mockRestore();

    const doc = await openApiDocument();
    const op = (doc.paths["/api/health"] as Record<string, { responses: Record<string, unknown> }>).get;
    expect(Object.keys(op?.responses ?? {})).toContain("503");
  });

  it("is degraded (503 in the route) when the database fails, whatever the RPC", async () => {
    const { health } = await import("./health");
    const failing = {
      execute: () => Promise.reject(new Error("database down")),
    } as unknown as DbHandle["db"];
    const error = vi.spyOn(logger, "error").mockImplementation(() => {});
    try {
      expect(await health(failing)).toEqual({ status: "degraded", db: "error", rpc: "error" });
      expect(await health(handle.db)).toEqual({ status: "ok", db: "ok", rpc: "error" });
    } finally {
      error.mockRestore();
    }
  });

  it("does not write the RPC provider key of TESTNET_RPC_URL into the logs", async () => {
    const warn = vi.spyOn(logger, "warn");
    const { probeChain } = await import("@/features/testnet/server");
    const { testnetClient } = await import("@/chain/clients");
    const status = await probeChain(testnetClient());
    expect(status.rpc.ok).toBe(false);
    const logged = JSON.stringify(warn.mock.calls);
    warn.mockRestore();
    expect(logged).toContain("testnet RPC probe failed");
    expect(logged).not.toContain(RPC_KEY);
  });
});
