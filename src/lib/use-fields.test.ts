// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useFields } from "./use-fields";

const problemsOf = (v: { a: string; b: string }) => ({
  a: v.a === "" ? "required" : v.a === "x" ? "not a number" : null,
  b: v.b === "" ? "required" : null,
});

function setup(mode: "change" | "submit") {
  return renderHook(() => {
    const f = useFields({ a: "", b: "" }, mode);
    return { f, errors: f.shown(problemsOf(f.values)), problems: problemsOf(f.values) };
  });
}

describe("useFields", () => {
  it('"change" mode: a message shows once its field changed, from the value at that render', () => {
    const { result } = setup("change");
    expect(result.current.errors).toEqual({});
    act(() => result.current.f.set("a", "x"));
    expect(result.current.errors).toEqual({ a: "not a number" });
    act(() => result.current.f.set("a", "1"));
    expect(result.current.errors).toEqual({});
    // Told not to validate (a cleared companion field): its message stays hidden.
    act(() => result.current.f.set("b", "", false));
    expect(result.current.errors).toEqual({});
  });

  it('"submit" mode: silent while typing until the first submit, then follows every change', () => {
    const { result } = setup("submit");
    act(() => result.current.f.set("a", "x"));
    expect(result.current.errors).toEqual({});
    const fn = vi.fn();
    act(() => result.current.f.handleSubmit(result.current.problems, fn)());
    expect(fn).not.toHaveBeenCalled();
    expect(result.current.errors).toEqual({ a: "not a number", b: "required" });
    act(() => result.current.f.set("b", "ok"));
    expect(result.current.errors).toEqual({ a: "not a number" });
    act(() => result.current.f.uncheck("a"));
    expect(result.current.errors).toEqual({});
  });

  it("submits the values only when nothing is wrong, and reset empties and hides everything", () => {
    const { result } = setup("submit");
    act(() => result.current.f.set("a", "1", true));
    act(() => result.current.f.set("b", "2"));
    const fn = vi.fn();
    const preventDefault = vi.fn();
    act(() =>
      result.current.f.handleSubmit(
        result.current.problems,
        fn,
      )({ preventDefault } as unknown as React.FormEvent),
    );
    expect(preventDefault).toHaveBeenCalled();
    expect(fn).toHaveBeenCalledWith({ a: "1", b: "2" });
    act(() => result.current.f.reset());
    expect(result.current.f.values).toEqual({ a: "", b: "" });
    expect(result.current.errors).toEqual({});
    // After a reset, typing is silent again until the next submit.
    act(() => result.current.f.set("a", "x"));
    expect(result.current.errors).toEqual({});
  });
});
