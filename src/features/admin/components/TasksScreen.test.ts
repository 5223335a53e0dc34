// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TasksScreen } from "./TasksScreen";

// The task editor: Disable now sends one disable, however often it is clicked while it runs; a save
// refused because someone else saved first keeps the operator's text and says what happened.

const task = {
  id: "scheduled-checkin",
  title: "Scheduled check-in",
  description: "Check in next week.",
  type: "daily_checkin",
  params: {},
  points: 10,
  repeat: "once",
  hint: null,
  startsAt: "2099-01-01T00:00:00.000Z",
  endsAt: null,
  sortOrder: 0,
  updatedAt: "2026-11-25T09:15:00.250Z",
  editedInConsole: true,
  completions: 0,
  participants: 0,
};
let patches: { url: string; body: Record<string, unknown> }[];
let finish: () => void;

beforeEach(() => {
  patches = [];
  finish = () => {};
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const json = (b: unknown) =>
        new Response(JSON.stringify(b), { status: 200, headers: { "content-type": "application/json" } });
      if (init.method === "PATCH") {
        patches.push({ url, body: JSON.parse(String(init.body)) });
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        return json(task);
      }
      return json({ tasks: [task] });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("task editor", () => {
  it("Disable now cannot be clicked again while its request runs", async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(createElement(QueryClientProvider, { client: qc }, createElement(TasksScreen)));
    fireEvent.click(await screen.findByRole("button", { name: "Edit Scheduled check-in" }));
    const disable = screen.getByRole("button", { name: "Disable now" }) as HTMLButtonElement;
    const before = Date.now();
    fireEvent.click(disable);
    await waitFor(() => expect(disable.disabled).toBe(true));
    fireEvent.click(disable);
    expect(patches).toHaveLength(1);
    expect(patches[0]?.url).toBe("/api/admin/tasks/scheduled-checkin");
    expect(Date.parse(String(patches[0]?.body.endsAt))).toBeGreaterThanOrEqual(before);
    finish();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Disable now" })).toBeNull());
  });

  it("a save refused as an edit conflict keeps the form and its text, says so, and reads the list again", async () => {
    const message =
      "Someone else saved this task after you opened it, so your changes were not saved. Close the form and open it again to see their version.";
    let lists = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (init.method === "PATCH") {
          patches.push({ url, body: JSON.parse(String(init.body)) });
          return new Response(JSON.stringify({ error: { code: "EDIT_CONFLICT", message } }), {
            status: 409,
            headers: { "content-type": "application/json" },
          });
        }
        lists++;
        return new Response(JSON.stringify({ tasks: [task] }), {
          status: 200,
          headers: { "content-type": "application/json" },
        });
      }),
    );
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(createElement(QueryClientProvider, { client: qc }, createElement(TasksScreen)));
    fireEvent.click(await screen.findByRole("button", { name: "Edit Scheduled check-in" }));
    const title = screen.getByLabelText("Title") as HTMLInputElement;
    fireEvent.change(title, { target: { value: "Check in every day" } });
    fireEvent.click(screen.getByRole("button", { name: "Save task" }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(patches).toHaveLength(1);
    expect(patches[0]?.body).toMatchObject({ title: "Check in every day", baseUpdatedAt: task.updatedAt });
    // The form is still open with what was typed, and the list is read again for the next open.
    expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("Check in every day");
    await waitFor(() => expect(lists).toBe(2));
  });
});
