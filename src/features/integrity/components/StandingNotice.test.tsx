// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MyStanding } from "../schema";
import { StandingNotice } from "./StandingNotice";

// The appeal always sent `note: ""`: the participant could not say why the exclusion is a mistake.

const standing: MyStanding = {
  excluded: true,
  reasonCategory: "sybil",
  since: "2026-01-01T00:00:00.000Z",
  appealTicketId: null,
  email: "me@example.org",
};

function renderNotice() {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <StandingNotice initial={standing} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("StandingNotice appeal note", () => {
  it("sends the participant's note with the appeal", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ ticketId: "t-1", created: true }), {
          status: 201,
          headers: { "content-type": "application/json" },
        }),
    );
    vi.stubGlobal("fetch", fetch);
    renderNotice();
    fireEvent.change(screen.getByLabelText("Why this is a mistake (optional)"), {
      target: { value: "  I am one person with one wallet.  " },
    });
    fireEvent.click(screen.getByTestId("appeal-button"));
    await screen.findByTestId("appeal-open");
    const init = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init[1].body))).toEqual({
      email: "me@example.org",
      note: "I am one person with one wallet.",
    });
  });

  it("refuses a note past 2,000 characters with the field's error, and sends nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderNotice();
    const note = screen.getByLabelText("Why this is a mistake (optional)");
    fireEvent.change(note, { target: { value: "x".repeat(2001) } });
    expect(screen.getByRole("alert").textContent).toMatch(/Maximum 2000 characters/);
    expect(note.getAttribute("aria-invalid")).toBe("true");
    expect((screen.getByTestId("appeal-button") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(note.closest("form")!);
    await waitFor(() => expect(fetch).not.toHaveBeenCalled());
    fireEvent.change(note, { target: { value: "x".repeat(2000) } });
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
