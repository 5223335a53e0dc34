// @vitest-environment happy-dom
import { act, cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useDeferredAnswer } from "./use-deferred-answer";

type Seen = { data: string | undefined; arriving: boolean };
const seen: Seen[] = [];

function Probe({ data }: { data: string | undefined }) {
  seen.push(useDeferredAnswer(data));
  return null;
}

afterEach(() => {
  cleanup();
  seen.length = 0;
});

describe("useDeferredAnswer", () => {
  it("renders a new answer in a second pass: first what was shown, marked arriving, then the answer", async () => {
    const { rerender } = render(<Probe data={undefined} />);
    expect(seen).toEqual([{ data: undefined, arriving: false }]);
    seen.length = 0;
    await act(async () => rerender(<Probe data="answer" />));
    expect(seen).toEqual([
      { data: undefined, arriving: true },
      { data: "answer", arriving: false },
    ]);
  });

  it("shows an answer present at the first render at once", () => {
    render(<Probe data="cached" />);
    expect(seen).toEqual([{ data: "cached", arriving: false }]);
  });
});
