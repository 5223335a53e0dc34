// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Stepper } from "./Stepper";

afterEach(cleanup);

describe("Stepper", () => {
  it("says a step still waiting for its block is pending, never that it failed", () => {
    render(
      <Stepper
        steps={[
          { id: "approve", label: "Approve tUSD", status: "done" },
          { id: "swap", label: "Swap tUSD for AURUM", status: "pending" },
        ]}
      />,
    );
    const [approve, swap] = within(screen.getByRole("list", { name: "Progress" })).getAllByRole(
      "listitem",
    ) as [HTMLElement, HTMLElement];
    expect(approve.textContent).toContain("Confirmed");
    expect(swap.textContent).toContain("Still pending");
    expect(swap.textContent).not.toContain("Failed");
  });

  it("marks the active step as the current one and a failed one as failed", () => {
    render(
      <Stepper
        steps={[
          { id: "a", label: "Wrap AURUM", status: "failed" },
          { id: "b", label: "Stake WAURUM", status: "active" },
        ]}
      />,
    );
    const [a, b] = screen.getAllByRole("listitem") as [HTMLElement, HTMLElement];
    expect(a.textContent).toContain("Failed");
    expect(b.getAttribute("aria-current")).toBe("step");
    expect(b.textContent).toContain("Confirm in your wallet…");
  });
});
