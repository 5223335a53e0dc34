// @vitest-environment happy-dom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pageDataBlock } from "@/server/shell-data-block";
import { createQueryClient } from "@/wallet-modal/config";
import type { TasksPageData, TaskView } from "../schema";
import { TasksBoard, type TasksBoardProps } from "./TasksBoard";

const DATA: TasksPageData = {
  tasks: {
    tasks: [
      {
        id: "checkin",
        title: "Daily check-in",
        description: "Say hello </script> every day.",
        hint: null,
        type: "daily_checkin",
        params: {},
        points: 10,
        repeat: "daily",
        startsAt: null,
        endsAt: null,
        status: "done",
        progress: null,
        pointsEarned: 30,
        resetsAt: null,
        nextAt: "2026-01-02T00:00:00.000Z",
      },
    ],
  },
  points: {
    balance: "1234",
    tier: {
      name: "Silver",
      min: "1000",
      next: { name: "Gold", min: "5000" },
      toNext: "3766",
      progress: 0.06,
    },
    rank: 7,
    rankedUsers: 40,
    series: [],
  },
};

const board = (props: TasksBoardProps) => (
  <QueryClientProvider client={createQueryClient()}>
    <TasksBoard {...props} />
  </QueryClientProvider>
);

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

describe("TasksBoard", () => {
  it("renders the user's figures and tasks in the HTML of a normal render", () => {
    const html = renderToString(board({ initial: DATA }));
    expect(html).toContain('data-testid="points-balance"');
    expect(html).toContain("1,234");
    expect(html).toContain("Daily check-in");
    expect(html).not.toContain("tasks-skeleton");
  });

  it("as a signed-in shell: skeletons in the HTML, then the page-data block after hydration, with no request and no mismatch", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const html = renderToString(board({ fromDocument: true, catalogue: [DATA.tasks.tasks[0] as TaskView] }));
    expect(html).toContain('data-testid="tasks-skeleton"');
    // What every user sees of the task is in the HTML; the user's state is not.
    expect(html).toContain("Daily check-in");
    expect(html).not.toContain("task-status-checkin");

    const block = pageDataBlock("/task", DATA, Date.now())?.toString("utf8");
    document.body.innerHTML = `${block}<div id="root">${html}</div>`;
    const root = document.getElementById("root") as HTMLElement;
    // The painted title and description (the page's LCP element) are the ones the loaded card keeps.
    const title = root.querySelector("h2");
    const description = root.querySelector("h2 + p");
    expect(title?.textContent).toBe("Daily check-in");
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(root, board({ fromDocument: true, catalogue: [DATA.tasks.tasks[0] as TaskView] }), {
        onRecoverableError: (e) => errors.push(e),
        onUncaughtError: (e) => errors.push(e),
      });
    });
    expect(errors).toEqual([]);
    expect(root.querySelector('[data-testid="tasks-skeleton"]')).toBeNull();
    expect(root.querySelector('[data-testid="points-balance"]')?.textContent).toBe("1,234");
    expect(root.querySelector('[data-testid="task-status-checkin"]')?.textContent).toContain("Done");
    expect(root.textContent).toContain("Say hello </script> every day.");
    expect(root.querySelector("h2")).toBe(title);
    expect(root.querySelector("h2 + p")).toBe(description);
    expect(title?.isConnected).toBe(true);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows the refusal of an excluded participant on the card, which stays to do", async () => {
    const todo: TaskView = { ...(DATA.tasks.tasks[0] as TaskView), status: "todo", nextAt: null };
    const message =
      "This address is excluded from the campaign's rewards. See /rewards for the reason and to appeal.";
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(JSON.stringify({ error: { code: "PARTICIPANT_EXCLUDED", message } }), {
        status: 403,
        headers: { "content-type": "application/json" },
      }),
    );
    document.body.innerHTML = '<div id="root"></div>';
    const root = document.getElementById("root") as HTMLElement;
    const reactRoot = createRoot(root);
    await act(async () => {
      reactRoot.render(
        board({ initial: { ...DATA, points: { ...DATA.points, rank: null }, tasks: { tasks: [todo] } } }),
      );
    });
    expect(root.textContent).toContain("Not ranked");
    await act(async () => {
      (root.querySelector('[data-testid="verify-checkin"]') as HTMLButtonElement).click();
    });
    await vi.waitFor(() =>
      expect(root.querySelector('[data-testid="task-message-checkin"]')?.textContent).toBe(message),
    );
    expect(fetchSpy).toHaveBeenCalledWith(
      "/api/tasks/checkin/verify",
      expect.objectContaining({ method: "POST" }),
    );
    expect(root.querySelector('[data-testid="task-status-checkin"]')?.textContent).toBe("To do");
    act(() => reactRoot.unmount());
  });
});
