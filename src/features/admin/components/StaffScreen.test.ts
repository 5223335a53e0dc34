// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StaffScreen } from "./StaffScreen";

// The staff screen: a staff list that cannot be loaded shows the server's error, not a loading
// skeleton forever; Revoke cannot be sent twice.

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(JSON.stringify({ error: { code: "SERVER_ERROR", message: "Something went wrong" } }), {
          status: 500,
          headers: { "content-type": "application/json" },
        }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("staff screen", () => {
  it("shows the server's error when the staff list fails to load", async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      createElement(
        QueryClientProvider,
        { client: qc },
        createElement(StaffScreen, { me: "0x00000000000000000000000000000000000000aa" }),
      ),
    );
    const alert = await screen.findByRole("alert", {}, { timeout: 2000 });
    expect(alert.textContent).toContain("Something went wrong");
    expect(screen.queryByLabelText("Loading staff")).toBeNull();
  });

  it("Revoke cannot be clicked again while its request runs", async () => {
    const deletes: string[] = [];
    let finish = () => {};
    const grantee = "0x00000000000000000000000000000000000000bb";
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (init.method === "DELETE") {
          deletes.push(url);
          await new Promise<void>((resolve) => {
            finish = resolve;
          });
          return new Response(JSON.stringify({ revoked: true }), { status: 200 });
        }
        return new Response(
          JSON.stringify({
            staff: [
              {
                address: grantee,
                name: null,
                role: "moderator",
                source: "console",
                grantedBy: "0x00000000000000000000000000000000000000aa",
                grantedAt: "2026-01-01T00:00:00.000Z",
              },
            ],
          }),
          { status: 200, headers: { "content-type": "application/json" } },
        );
      }),
    );
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      createElement(
        QueryClientProvider,
        { client: qc },
        createElement(StaffScreen, { me: "0x00000000000000000000000000000000000000aa" }),
      ),
    );
    const revoke = (await screen.findByRole("button", { name: `Revoke ${grantee}` })) as HTMLButtonElement;
    fireEvent.click(revoke);
    await waitFor(() => expect(revoke.disabled).toBe(true));
    fireEvent.click(revoke);
    expect(deletes).toEqual([`/api/admin/staff/${grantee}`]);
    finish();
    await waitFor(() => expect(revoke.disabled).toBe(false));
  });
});
