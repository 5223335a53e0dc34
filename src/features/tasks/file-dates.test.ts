import { describe, expect, it } from "vitest";
import { tasksFileSchema } from "./file-schema";
import { parseTasksYaml } from "./server/seed";

// Every time of a task is UTC (docs/api.md: "opens on … UTC", daily resets at 00:00 UTC). A start or
// end written without an offset must not depend on the server's TZ.

describe("content/tasks.yaml start/end without an offset", () => {
  it("is read as UTC (or refused), whatever the server's time zone", () => {
    const before = process.env.TZ;
    process.env.TZ = "America/New_York";
    try {
      const parsed = tasksFileSchema.safeParse([
        {
          id: "summer",
          title: "Summer",
          description: "d",
          type: "daily_checkin",
          points: 5,
          start: "2026-06-01T00:00:00",
          end: "2026-06-30T00:00:00",
        },
      ]);
      if (parsed.success) {
        // Observed: 2026-06-01T04:00:00.000Z (the server's local midnight).
        expect(parsed.data[0]?.start?.toISOString()).toBe("2026-06-01T00:00:00.000Z");
      } else {
        expect(parsed.success).toBe(false);
      }
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});

describe("content/tasks.yaml dates", () => {
  it("refuses a start without an offset with a seed error naming the task and field", () => {
    expect(() =>
      parseTasksYaml(`
- { id: summer, title: Summer, description: d, type: daily_checkin, points: 5, start: "2026-06-01T00:00:00" }
`),
    ).toThrow(/content\/tasks\.yaml is invalid at 0\.start: .*Z or an offset/);
  });

  it("reads Z and ±hh:mm offsets as the instants they name", () => {
    const [t] = parseTasksYaml(`
- { id: summer, title: Summer, description: d, type: daily_checkin, points: 5, start: 2026-06-01T00:00:00Z, end: "2026-06-30T02:00:00+02:00" }
`);
    expect(t?.start?.toISOString()).toBe("2026-06-01T00:00:00.000Z");
    expect(t?.end?.toISOString()).toBe("2026-06-30T00:00:00.000Z");
  });
});
