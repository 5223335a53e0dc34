// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { allowedRepeat } from "@/features/tasks";
import { RecurrenceField } from "./RecurrenceField";

afterEach(cleanup);

const options = () =>
  Array.from((screen.getByLabelText("Recurrence") as HTMLSelectElement).options).map((o) => o.value);

describe("the console's recurrence field", () => {
  it("offers only once for a type whose completion cannot be counted per period, and says why", () => {
    render(<RecurrenceField type="read_article" value="once" onChange={() => {}} />);
    expect(options()).toEqual(["once"]);
    const select = screen.getByLabelText("Recurrence");
    const hint = document.getElementById(select.getAttribute("aria-describedby") ?? "");
    expect(hint?.textContent).toBe(
      "Once only: the completion of read_article tasks cannot be counted per day or week.",
    );
  });

  it("offers once, daily and weekly for a type that can repeat", () => {
    const onChange = vi.fn();
    render(<RecurrenceField type="swap" value="once" onChange={onChange} />);
    expect(options()).toEqual(["once", "daily", "weekly"]);
    expect(screen.getByLabelText("Recurrence").getAttribute("aria-describedby")).toBeNull();
    fireEvent.change(screen.getByLabelText("Recurrence"), { target: { value: "weekly" } });
    expect(onChange).toHaveBeenCalledWith("weekly");
  });

  it("turns a recurrence the type cannot have into once, keeping the others", () => {
    expect(allowedRepeat("invite_friends", "weekly")).toBe("once");
    expect(allowedRepeat("airdrop_claim", "daily")).toBe("once");
    expect(allowedRepeat("daily_checkin", "weekly")).toBe("weekly");
  });
});
