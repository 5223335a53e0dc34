import { afterAll, beforeAll, expect, it } from "vitest";
import { type Anvil, startAnvil } from "../scripts/lib/anvil";
import { freePort } from "./ports";

let anvil: Anvil;
beforeAll(async () => {
  anvil = await startAnvil({ port: await freePort() });
});
afterAll(() => anvil?.stop());

it("starts a chain with the testnet id", async () => {
  const res = await fetch(anvil.url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
  });
  expect(((await res.json()) as { result: string }).result).toBe("0x1837f");
});
