// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TaskView } from "../../schema";
import QuizCard from "./QuizCard";

afterEach(cleanup);

const task: TaskView = {
  id: "quiz",
  title: "Quiz",
  description: "Two questions.",
  hint: null,
  type: "quiz",
  params: {
    questions: [
      { id: "constructor", question: "Who builds blocks?", options: ["Validators", "Nobody"] },
      { id: "a", question: "Chain id?", options: ["1", "99199"] },
    ],
  },
  points: 10,
  repeat: "once",
  startsAt: null,
  endsAt: null,
  status: "todo",
  progress: null,
  pointsEarned: 0,
  resetsAt: null,
  nextAt: null,
};

describe("QuizCard", () => {
  it("waits for every answer, also to a question whose id is an Object.prototype name", () => {
    const onVerify = vi.fn();
    render(<QuizCard task={task} onVerify={onVerify} pending={false} />);
    const submit = screen.getByTestId("verify-quiz") as HTMLButtonElement;
    fireEvent.click(screen.getByLabelText("99199"));
    // `answers.constructor` is Object's own function until the question is answered.
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText("Validators"));
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(onVerify).toHaveBeenCalledWith({ constructor: 0, a: 1 });
  });

  it("has no form before the quiz opens: the server would refuse any answer (409 TASK_NOT_STARTED)", () => {
    const upcoming: TaskView = { ...task, status: "upcoming", startsAt: "2026-07-01T00:00:00.000Z" };
    render(<QuizCard task={upcoming} onVerify={vi.fn()} pending={false} />);
    expect(screen.queryByTestId("verify-quiz")).toBeNull();
    expect(screen.queryAllByRole("radio")).toHaveLength(0);
    expect(screen.getByText(/^Opens 2026-07-01 00:00 UTC/)).toBeTruthy();
  });

  it("has no form once the quiz has ended (409 TASK_ENDED)", () => {
    const ended: TaskView = { ...task, status: "ended", endsAt: "2026-05-01T00:00:00.000Z" };
    render(<QuizCard task={ended} onVerify={vi.fn()} pending={false} />);
    expect(screen.queryByTestId("verify-quiz")).toBeNull();
    expect(screen.queryAllByRole("radio")).toHaveLength(0);
    expect(screen.getByText(/^Ended/)).toBeTruthy();
  });
});
