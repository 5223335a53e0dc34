import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { testDb } from "../../../../test/db";
import type { FaucetChain } from "./chain";
import { FaucetSender } from "./sender";
import { faucetSettings } from "./settings";
import { FAKE_TUSD, fakeFaucetChain } from "./testing";
import { pendingFromOtherKeys } from "./tx-store";

// FAUCET_PRIVATE_KEY changed while transactions of the old key were pending: only the old key can
// replace them, so their claims wait. The sender says so at every start instead of leaving them
// silently pending.

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(() => handle?.close());

const OLD = "0x00000000000000000000000000000000000000a1";
const tx = (from: string, nonce: number, status: string) =>
  sql`INSERT INTO faucet_txs (from_address, nonce, hash, raw, kind, asset, status)
      VALUES (${from}, ${nonce}, ${`0x${from.slice(2, 8)}${nonce}`}, '0x', 'disperse_native', 'native', ${status})`;

describe("faucet transactions of another key", () => {
  it("are found while pending, and named at the sender's start", async () => {
    const chain = fakeFaucetChain("success");
    const me = chain.account.address.toLowerCase();
    await handle.db.execute(tx(OLD, 1, "pending"));
    await handle.db.execute(tx(OLD, 2, "pending"));
    await handle.db.execute(tx(OLD, 0, "confirmed"));
    expect(await pendingFromOtherKeys(handle.db, me)).toEqual([{ address: OLD, txs: 2 }]);

    const lines: string[] = [];
    const log = pino({ level: "error" }, { write: (line: string) => lines.push(line) });
    // The contracts check passes (code at Disperse, the expected decimals); no round runs.
    const started = {
      ...chain,
      client: {
        ...chain.client,
        getCode: async () => "0x60",
        readContract: async ({ address }: { address: string }) => (address === FAKE_TUSD ? 6 : 18),
      },
    } as unknown as FaucetChain;
    const stop = new AbortController();
    stop.abort();
    await new FaucetSender(handle.db, started, faucetSettings(), log, stop.signal).run();
    const said = lines.map((l) => JSON.parse(l) as { msg: string; otherKey?: string; pendingTxs?: number });
    expect(said).toContainEqual(
      expect.objectContaining({
        otherKey: OLD,
        pendingTxs: 2,
        msg: expect.stringMatching(/^faucet transactions signed by another key are still pending/),
      }),
    );
  });
});
