import type { Hex } from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HTTP_ENTRY_ENV } from "@/server/client-ip";
import { ANVIL_KEYS, type Anvil, startAnvil } from "../../../scripts/lib/anvil";
import { openTestApp, type TestApp } from "../../../test/app-env";
import { freePort } from "../../../test/ports";

// A signature whose last 32 bytes are the ERC-8010 magic suffix but whose wrapper is garbage is bad
// input: viem throws decoding it, before any RPC call. That throw was answered 503, which does not
// count against the nonce, so one nonce could be tried forever. With the chain up it must be a 401
// SIGNATURE_INVALID that counts (the 5th failure kills the nonce, docs/api.md); only with the chain
// down is it a 503.
const SITE = "http://localhost:3000";
const NO_PARAMS = { params: Promise.resolve({}) };
type Handler = (req: Request, ctx: typeof NO_PARAMS) => Promise<Response>;

const MAGIC_8010 = "8010".repeat(16);
/** 64 zero bytes (the would-be inner signature and suffix length 0) + the ERC-8010 magic bytes. */
const garbage8010 = `0x${"00".repeat(64)}${MAGIC_8010}` as Hex;

let anvil: Anvil;
let app: TestApp;
let routes: { nonce: Handler; verify: Handler };
const alice: PrivateKeyAccount = privateKeyToAccount(ANVIL_KEYS[6]);

beforeAll(async () => {
  anvil = await startAnvil({ port: await freePort() });
  app = await openTestApp("erc8010-signature", {
    PUBLIC_URL: SITE,
    TESTNET_RPC_URL: anvil.url,
    TRUST_PROXY_HOPS: undefined,
    [HTTP_ENTRY_ENV]: undefined,
  });
  routes = {
    nonce: (await import("@/app/api/auth/nonce/route")).GET as unknown as Handler,
    verify: (await import("@/app/api/auth/verify/route")).POST as unknown as Handler,
  };
});
afterAll(async () => {
  await app?.close();
  await anvil?.stop();
});

async function getNonce(): Promise<string> {
  const res = await routes.nonce(new Request(`${SITE}/api/auth/nonce`), NO_PARAMS);
  return ((await res.json()) as { nonce: string }).nonce;
}

const messageFor = (nonce: string) =>
  createSiweMessage({
    address: alice.address,
    chainId: 99199,
    domain: "localhost:3000",
    nonce,
    uri: SITE,
    version: "1",
    issuedAt: new Date(),
    statement: "Sign in to Aurum.",
  });

const verify = (body: unknown) =>
  routes.verify(
    new Request(`${SITE}/api/auth/verify`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: SITE },
      body: JSON.stringify(body),
    }),
    NO_PARAMS,
  );

describe("a malformed ERC-8010-suffixed signature (chain reachable)", () => {
  it("is a 401 SIGNATURE_INVALID, not a 503", async () => {
    const text = messageFor(await getNonce());
    const res = await verify({ message: text, signature: garbage8010 });
    const body = (await res.json()) as { error: { code: string } };
    expect({ status: res.status, code: body.error.code }).toEqual({ status: 401, code: "SIGNATURE_INVALID" });
  });

  it("counts against the nonce: after 5 such failures the right signature is refused", async () => {
    const text = messageFor(await getNonce());
    for (let i = 0; i < 5; i++) await verify({ message: text, signature: garbage8010 });
    const res = await verify({ message: text, signature: await alice.signMessage({ message: text }) });
    expect(res.status).toBe(401);
  });
});

// Last: it stops the chain.
describe("the same signature with the chain unreachable", () => {
  it("is a 503 SIGNATURE_CHECK_UNAVAILABLE that does not count against the nonce", async () => {
    const text = messageFor(await getNonce());
    await anvil.stop();
    for (let i = 0; i < 5; i++) {
      const res = await verify({ message: text, signature: garbage8010 });
      const body = (await res.json()) as { error: { code: string } };
      expect({ status: res.status, code: body.error.code }).toEqual({
        status: 503,
        code: "SIGNATURE_CHECK_UNAVAILABLE",
      });
    }
    // Five outages later the nonce is still live: the right signature (checked locally) signs in.
    const res = await verify({ message: text, signature: await alice.signMessage({ message: text }) });
    expect(res.status).toBe(200);
  });
});
