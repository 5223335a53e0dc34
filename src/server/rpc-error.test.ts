import { HttpRequestError, TimeoutError } from "viem";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "./config";
import { serializeErr } from "./logger";
import { rpcErrorForLog } from "./rpc-error";

const KEY = "k3yFromTheRpcProvider0123456789";
const RPC = `https://user:pw@rpc.example.org/v3/${KEY}`;

describe("rpcErrorForLog", () => {
  beforeEach(() => {
    process.env.TESTNET_RPC_URL = RPC;
    process.env.WORKERS = "off";
    resetConfigForTests();
  });
  afterEach(() => {
    delete process.env.TESTNET_RPC_URL;
    delete process.env.WORKERS;
    resetConfigForTests();
  });

  it("keeps viem's short message and details, never the URL viem prints in its message", () => {
    const err = new HttpRequestError({ url: RPC, status: 401, details: `unauthorized for ${RPC}` });
    expect(err.message).toContain(KEY);
    const out = rpcErrorForLog(err);
    expect(out).toEqual({
      name: "HttpRequestError",
      message: "HTTP request failed.",
      details: "unauthorized for <TESTNET_RPC_URL>",
      status: 401,
    });
    expect(JSON.stringify(rpcErrorForLog(new TimeoutError({ body: {}, url: RPC })))).not.toContain(KEY);
  });

  it("replaces the URL in other throws, in any spelling of it", () => {
    expect(rpcErrorForLog(new Error(`fetch https://rpc.example.org/v3/${KEY} failed`)).message).toBe(
      "fetch <TESTNET_RPC_URL> failed",
    );
    expect(rpcErrorForLog(`GET /v3/${KEY} refused`)).toEqual({
      name: "Error",
      message: "GET <TESTNET_RPC_URL> refused",
    });
  });

  it("the logger's err serializer keeps the stack and type but no spelling of the URL, at any call site", () => {
    const err = new HttpRequestError({ url: RPC, status: 401, details: "unauthorized" });
    const out = serializeErr(err) as { type: string; stack: string; message: string };
    expect(out.type).toBe("HttpRequestError");
    expect(out.stack).toContain("<TESTNET_RPC_URL>");
    expect(JSON.stringify(out)).not.toContain(KEY);
  });
});
