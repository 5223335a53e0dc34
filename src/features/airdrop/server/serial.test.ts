import { describe, expect, it } from "vitest";
import { serially } from "./serial";

describe("serially", () => {
  it("runs tasks one at a time in the order queued, past a failing one", async () => {
    const queue = serially();
    const events: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const task =
      (name: string, wait?: Promise<void>, fail = false) =>
      async () => {
        events.push(`start ${name}`);
        await wait;
        await Promise.resolve();
        events.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      };
    const a = queue(task("a", gate));
    const b = queue(task("b", undefined, true));
    const c = queue(task("c"));
    await Promise.resolve();
    expect(events).toEqual(["start a"]); // b and c wait while a is unfinished
    release();
    await expect(a).resolves.toBe("a");
    await expect(b).rejects.toThrow("b");
    await expect(c).resolves.toBe("c");
    expect(events).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
  });
});
