// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SettingsScreen } from "./SettingsScreen";

// Operator console: what the settings form sends for what the operator typed.

type Sent = { method: string; body: unknown };
let sent: Sent[];

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      if (method !== "GET") sent.push({ method, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ settings: [] }), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderScreen() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <SettingsScreen />
    </QueryClientProvider>,
  );
}

async function submit(label: string, text: string) {
  const input = (await screen.findByLabelText(label)) as HTMLInputElement;
  fireEvent.change(input, { target: { value: text } });
  const form = input.closest("form") as HTMLFormElement;
  fireEvent.submit(form);
  // Give a mutation the chance to run.
  await new Promise((r) => setTimeout(r, 50));
}

describe("settings form input", () => {
  it("a cooldown that is not a number is not sent as null (which resets the setting to its default)", async () => {
    renderScreen();
    await submit("Faucet cooldown (seconds)", "10m");
    // Either refused in the form, or sent as what was typed so the server answers 400 — never a reset.
    expect(
      sent.filter((s) => (s.body as Record<string, unknown>)["faucet.cooldownSeconds"] === null),
    ).toEqual([]);
  });

  it("'TRUE' or 'yes' typed into 'Faucet paused' does not save false (unpausing the faucet)", async () => {
    renderScreen();
    await submit("Faucet paused", "TRUE");
    await waitFor(() => undefined);
    expect(sent.filter((s) => (s.body as Record<string, unknown>)["faucet.paused"] === false)).toEqual([]);
  });
});

describe("settings form validation", () => {
  it("shows why a cooldown is refused next to the field, linked to it, and sends nothing", async () => {
    renderScreen();
    await submit("Faucet cooldown (seconds)", "10m");
    const input = screen.getByLabelText("Faucet cooldown (seconds)");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const described = (input.getAttribute("aria-describedby") ?? "").split(" ");
    const error = screen.getByText("Enter a whole number, digits only (such as 3600).");
    expect(described).toContain(error.id);
    expect(sent).toEqual([]);
    // Typing again clears the error; a whole number is sent as a number.
    await submit("Faucet cooldown (seconds)", " 3600 ");
    expect(input.getAttribute("aria-invalid")).toBeNull();
    await waitFor(() =>
      expect(sent).toEqual([{ method: "PATCH", body: { "faucet.cooldownSeconds": 3600 } }]),
    );
  });

  it("offers 'Faucet paused' as a choice of true or false, and sends the one chosen", async () => {
    renderScreen();
    const select = (await screen.findByLabelText("Faucet paused")) as HTMLSelectElement;
    expect(select.tagName).toBe("SELECT");
    expect([...select.options].map((o) => o.value)).toEqual(["", "true", "false"]);
    await submit("Faucet paused", "true");
    await waitFor(() => expect(sent).toEqual([{ method: "PATCH", body: { "faucet.paused": true } }]));
  });

  it("refuses tiers it cannot read instead of sending a tier without a minimum", async () => {
    renderScreen();
    await submit("Tiers (Name:min, …)", "Bronze:0, Silver");
    expect(screen.getByLabelText("Tiers (Name:min, …)").getAttribute("aria-invalid")).toBe("true");
    expect(sent).toEqual([]);
    await submit("Tiers (Name:min, …)", "Bronze:0, Silver:100");
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: "PATCH",
          body: {
            "points.tiers": [
              { name: "Bronze", min: 0 },
              { name: "Silver", min: 100 },
            ],
          },
        },
      ]),
    );
  });
});
