// @vitest-environment happy-dom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pageDataBlock } from "@/server/shell-data-block";
import { createQueryClient } from "@/wallet-modal/config";
import { MAX_TIMER_MS, useWindowRefresh } from "../hooks/use-window-refresh";
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

const CHECKIN = DATA.tasks.tasks[0] as TaskView;
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

/** Renders the loaded board with `tasks` into a fresh root; returns the root and its unmount. */
async function mountBoard(tasks: TaskView[]) {
  document.body.innerHTML = '<div id="root"></div>';
  const root = document.getElementById("root") as HTMLElement;
  const reactRoot = createRoot(root);
  await act(async () => {
    reactRoot.render(board({ initial: { ...DATA, tasks: { tasks } } }));
  });
  return { root, unmount: () => act(() => reactRoot.unmount()) };
}

const statusOf = (root: HTMLElement, id: string) =>
  root.querySelector(`[data-testid="task-status-${id}"]`)?.textContent;

/** The API as the board reads it: the points summary, and `tasks` for the task list. */
function api(tasks: TaskView[]) {
  return vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(async (input) =>
      String(input) === "/api/tasks" ? json({ tasks }) : json(DATA.points),
    );
}
const taskReads = (spy: ReturnType<typeof api>) =>
  spy.mock.calls.filter(([url]) => url === "/api/tasks").length;

describe("TasksBoard over time", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads the list again when a done task's window ends at 00:00 UTC, and offers it again", async () => {
    vi.useFakeTimers({ now: new Date("2026-06-01T23:50:00Z") });
    const midnight = "2026-06-02T00:00:00.000Z";
    const done: TaskView = { ...CHECKIN, status: "done", nextAt: midnight, resetsAt: midnight };
    const reopened: TaskView = {
      ...CHECKIN,
      status: "todo",
      nextAt: null,
      resetsAt: "2026-06-03T00:00:00.000Z",
    };
    const fetchSpy = api([reopened]);
    const { root, unmount } = await mountBoard([done]);
    expect(statusOf(root, "checkin")).toContain("Done");
    expect(root.querySelector('[data-testid="task-resets-checkin"]')?.textContent).toBe(
      "Again from 2026-06-02 00:00 UTC",
    );

    await act(() => vi.advanceTimersByTimeAsync(9 * 60_000));
    expect(taskReads(fetchSpy)).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(60_000 + 2_000));
    expect(taskReads(fetchSpy)).toBe(1);
    expect(statusOf(root, "checkin")).toBe("To do");
    expect(root.querySelector('[data-testid="verify-checkin"]')).not.toBeNull();
    unmount();
  });

  it("opens an upcoming task at its start", async () => {
    vi.useFakeTimers({ now: new Date("2026-06-01T11:59:00Z") });
    const upcoming: TaskView = {
      ...CHECKIN,
      repeat: "once",
      status: "upcoming",
      startsAt: "2026-06-01T12:00:00.000Z",
      nextAt: null,
      resetsAt: null,
    };
    const fetchSpy = api([{ ...upcoming, status: "todo" }]);
    const { root, unmount } = await mountBoard([upcoming]);
    expect(statusOf(root, "checkin")).toBe("Not open yet");
    await act(() => vi.advanceTimersByTimeAsync(62_000));
    expect(taskReads(fetchSpy)).toBe(1);
    expect(statusOf(root, "checkin")).toBe("To do");
    unmount();
  });
});

/** The hook alone, with the list read at `fetchedAt`. */
function Probe({ tasks, fetchedAt }: { tasks: TaskView[]; fetchedAt: number }) {
  useWindowRefresh(tasks, fetchedAt);
  return null;
}

describe("useWindowRefresh", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("waits for an instant further ahead than setTimeout can (24.8 days) without reading early", async () => {
    vi.useFakeTimers({ now: new Date("2026-06-01T00:00:00Z") });
    const startsAt = "2026-07-11T00:00:00.000Z"; // 40 days ahead
    const upcoming: TaskView = {
      ...CHECKIN,
      repeat: "once",
      status: "upcoming",
      startsAt,
      nextAt: null,
      resetsAt: null,
    };
    const qc = createQueryClient();
    const invalidate = vi.spyOn(qc, "invalidateQueries").mockResolvedValue();
    document.body.innerHTML = '<div id="root"></div>';
    const reactRoot = createRoot(document.getElementById("root") as HTMLElement);
    await act(async () => {
      reactRoot.render(
        <QueryClientProvider client={qc}>
          <Probe tasks={[upcoming]} fetchedAt={Date.parse("2026-06-01T00:00:00Z")} />
        </QueryClientProvider>,
      );
    });
    // A single setTimeout of 40 days would overflow and fire at once.
    await act(() => vi.advanceTimersByTimeAsync(MAX_TIMER_MS + 1_000));
    await act(() => vi.advanceTimersByTimeAsync(39 * 86_400_000 - MAX_TIMER_MS - 1_000));
    expect(invalidate).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(86_400_000 + 2_000));
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["tasks", "list"] });
    act(() => reactRoot.unmount());
  });
});

describe("the quiz card on the board", () => {
  it("shows the refusal after too many wrong answers and keeps the chosen answers", async () => {
    const quiz: TaskView = {
      ...CHECKIN,
      id: "quiz",
      title: "Quiz",
      type: "quiz",
      repeat: "once",
      status: "todo",
      nextAt: null,
      resetsAt: null,
      params: { questions: [{ id: "a", question: "Chain id?", options: ["1", "99199"] }] },
    };
    const message = "Too many wrong answers. Try the quiz again in 3 hours.";
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) =>
      String(input) === "/api/tasks/quiz/verify"
        ? json({ error: { code: "QUIZ_TOO_MANY_WRONG", message } }, 429, { "retry-after": "10800" })
        : json(DATA.points),
    );
    const { root, unmount } = await mountBoard([quiz]);
    const option = await vi.waitFor(() => {
      const input = root.querySelector('input[type="radio"][value="1"]') as HTMLInputElement | null;
      if (!input) throw new Error("the quiz body has not loaded yet");
      return input;
    });
    await act(async () => option.click());
    await act(async () => (root.querySelector('[data-testid="verify-quiz"]') as HTMLButtonElement).click());
    await vi.waitFor(() =>
      expect(root.querySelector('[data-testid="task-message-quiz"]')?.textContent).toBe(message),
    );
    expect((root.querySelector('input[type="radio"][value="1"]') as HTMLInputElement).checked).toBe(true);
    expect(statusOf(root, "quiz")).toBe("To do");
    unmount();
  });
});
