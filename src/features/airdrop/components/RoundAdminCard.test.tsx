// @vitest-environment happy-dom
// The console's round card: irreversible actions (sweep, delete) ask first, and delete is offered
// only for a round that was never deployed.
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiCalls, renderWithWallet, stubApi } from "../../../../test/render";
import type { AdminRound } from "../schema";
import { RoundAdminCard } from "./RoundAdminCard";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = "11111111-1111-4111-8111-111111111111";

function round(patch: Partial<AdminRound>): AdminRound {
  return {
    id: ID,
    name: "Season 1",
    status: "draft",
    phase: "open",
    tokenMode: "deploy",
    token: { address: null, symbol: "tAIR", decimals: 18 },
    totalAmount: "1000",
    snapshotAt: new Date(Date.now() - 3_600_000).toISOString(),
    minPoints: 0,
    capPerAddress: null,
    tierMultipliers: {},
    opensAt: new Date(Date.now() - 3_600_000).toISOString(),
    deadline: new Date(Date.now() + 3_600_000).toISOString(),
    merkleRoot: null,
    recipients: null,
    distributor: null,
    transactions: [],
    publishing: false,
    publishRequested: false,
    lastError: null,
    claims: { count: 0, amount: "0" },
    sweptAt: null,
    sweptAmount: null,
    createdAt: new Date().toISOString(),
    publishedAt: null,
    ...patch,
  };
}

const writes = (api: ReturnType<typeof stubApi>) =>
  apiCalls(api).filter(([, init]) => init?.method && init.method !== "GET");

describe("RoundAdminCard", () => {
  it("asks before sweeping, and Cancel sends nothing", async () => {
    const api = stubApi({ [`/api/admin/airdrop/rounds/${ID}/sweep`]: () => ({ body: {} }) });
    const closed = round({
      status: "published",
      phase: "closed",
      distributor: "0x00000000000000000000000000000000000000d4",
    });
    await renderWithWallet(<RoundAdminCard round={closed} />);
    fireEvent.click(screen.getByRole("button", { name: "Sweep unclaimed tokens" }));
    expect(screen.getByText(/cannot be undone/)).toBeTruthy();
    expect(writes(api)).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByText(/cannot be undone/)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Sweep unclaimed tokens" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, sweep" }));
    await vi.waitFor(() =>
      expect(writes(api).map(([p, i]) => `${i?.method} ${p}`)).toEqual([
        `POST /api/admin/airdrop/rounds/${ID}/sweep`,
      ]),
    );
  });

  it("deletes a frozen round that has no distributor after a confirmation", async () => {
    const api = stubApi({ [`/api/admin/airdrop/rounds/${ID}`]: () => ({ body: { deleted: true } }) });
    await renderWithWallet(<RoundAdminCard round={round({ status: "frozen", merkleRoot: "0xab" })} />);
    fireEvent.click(screen.getByRole("button", { name: "Delete round" }));
    expect(writes(api)).toEqual([]);
    expect(screen.getByText(/and its frozen allocation/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Yes, delete" }));
    await vi.waitFor(() =>
      expect(writes(api).map(([p, i]) => `${i?.method} ${p}`)).toEqual([
        `DELETE /api/admin/airdrop/rounds/${ID}`,
      ]),
    );
  });

  it("shows the server's refusal of a delete", async () => {
    stubApi({
      [`/api/admin/airdrop/rounds/${ID}`]: () => ({
        status: 409,
        body: { error: { code: "ROUND_NOT_DRAFT", message: "This round's distributor is deployed." } },
      }),
    });
    await renderWithWallet(<RoundAdminCard round={round({ status: "frozen" })} />);
    fireEvent.click(screen.getByRole("button", { name: "Delete round" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, delete" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This round's distributor is deployed.");
  });

  it("offers no delete once a distributor exists or while publishing runs", async () => {
    await renderWithWallet(
      <>
        <RoundAdminCard
          round={round({ status: "deployed", distributor: "0x00000000000000000000000000000000000000d4" })}
        />
        <RoundAdminCard
          round={round({ id: "22222222-2222-4222-8222-222222222222", publishRequested: true })}
        />
      </>,
    );
    expect(screen.queryByRole("button", { name: "Delete round" })).toBeNull();
  });
});
