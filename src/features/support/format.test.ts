import { describe, expect, it } from "vitest";
import { formatTicketTime, ticketReference } from "./format";

describe("support formatting", () => {
  it("formats times in UTC with a 24-hour clock", () => {
    expect(formatTicketTime("2026-11-23T17:05:00.000Z")).toBe("Nov 23, 2026, 17:05 UTC");
  });
  it("derives a short ticket reference", () => {
    expect(ticketReference("3f2a91c0-1234-4abc-8def-0123456789ab")).toBe("3F2A91C0");
  });
});
