// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FormRow } from "./Field";

afterEach(cleanup);

describe("FormRow", () => {
  it("labels its input and describes it with the hint and the error", () => {
    render(
      <FormRow
        label="Total"
        hint="Whole units"
        error="Enter a number"
        defaultValue="x"
        className="font-mono"
      />,
    );
    const input = screen.getByLabelText("Total");
    expect(input.tagName).toBe("INPUT");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.className).toContain("font-mono");
    const described = (input.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(["Whole units", "Enter a number"]);
    expect(screen.getByRole("alert").textContent).toBe("Enter a number");
  });

  it("has no description and is valid without a hint or an error", () => {
    render(<FormRow label="Name" defaultValue="" />);
    const input = screen.getByLabelText("Name");
    expect(input.hasAttribute("aria-describedby")).toBe(false);
    expect(input.hasAttribute("aria-invalid")).toBe(false);
  });
});
