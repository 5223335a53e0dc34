import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/db/client";
import { createTestSession } from "@/features/auth/testing";
import { excludeParticipant } from "@/features/integrity/server";
import { balanceOf } from "@/features/points/server";
import { randomAddress } from "../../../test/accounts";
import { listTasks, verifyTask } from "./server";
import { tasksTestDb } from "./testing";

// An excluded participant earns nothing (docs/api.md, "Campaign integrity"): creditPoints inserts
// nothing for them. POST /api/tasks/{id}/verify then answers as if the task had already been credited.

let handle: DbHandle;
beforeAll(async () => {
  handle = await tasksTestDb(`
- id: checkin
  title: Check in
  description: Every day.
  type: daily_checkin
  repeat: daily
  points: 5
`);
});
afterAll(() => handle?.close());

describe("verify for an excluded participant", () => {
  it("does not claim the task is done / already credited when nothing was credited", async () => {
    const { session } = await createTestSession(randomAddress(), { db: handle.db });
    await excludeParticipant(handle.db, "0x0000000000000000000000000000000000000001", {
      address: session.address,
      reasonCategory: "bot",
      reason: "review",
    });
    const who = { userId: session.userId, address: session.address };
    // Observed: verified true, "Already done today; come back after 00:00 UTC.", status "done" —
    // while GET /api/tasks right after shows the same task as "todo".
    // Fixed: refused explicitly, as the faucet refuses an excluded participant (403 PARTICIPANT_EXCLUDED).
    const refused = await verifyTask(handle.db, who, "checkin", { chain: null }).catch((err: unknown) => err);
    expect(refused).toMatchObject({ status: 403, code: "PARTICIPANT_EXCLUDED" });
    expect((refused as Error).message).toMatch(/excluded from the campaign's rewards/);
    expect((refused as Error).message).not.toMatch(/Already done/);
    expect(await balanceOf(handle.db, session.userId)).toBe(0);
    const listed = (await listTasks(handle.db, who, { chain: null })).find((t) => t.id === "checkin");
    expect(listed?.status).toBe("todo");
  });
});
