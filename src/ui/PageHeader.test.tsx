// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PageHeader } from "./PageHeader";

afterEach(cleanup);

// Review (names): the explorer's address page titles itself with the participant's name; a
// 32-character name plus `.aurum` is one unbreakable word of ~500 px that overflowed a 360 px phone.
// happy-dom lays nothing out, so the test pins the rule that makes the browser wrap it.
describe("PageHeader", () => {
  it("lets a long one-word title wrap anywhere instead of overflowing", () => {
    const name = `${"a".repeat(32)}.aurum`;
    render(<PageHeader title={name} description="An address on the testnet." />);
    const h1 = screen.getByRole("heading", { level: 1, name });
    expect(h1.className).toContain("[overflow-wrap:anywhere]");
    // Its column may shrink below the title's width next to the actions (flex row from `sm`).
    expect(h1.parentElement?.className).toContain("min-w-0");
  });
});
