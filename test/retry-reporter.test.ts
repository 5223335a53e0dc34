import { describe, expect, it } from "vitest";
import { describeError } from "./retry-reporter";

describe("the retry reporter's error line", () => {
  const file = "/repo/src/features/stake/staking.int.test.ts";

  it("gives the first line of the message and the test file's frame", () => {
    const line = describeError(
      {
        message: "expected 'success' to be 'reverted'\n\n- Expected\n+ Received",
        stacks: [
          { file: "/repo/node_modules/viem/x.js", line: 3, column: 1 },
          { file, line: 305, column: 28 },
        ],
      },
      file,
    );
    expect(line).toBe("expected 'success' to be 'reverted' (at staking.int.test.ts:305)");
  });

  it("cuts a long message and falls back to the first frame, or none", () => {
    expect(describeError({ message: "x".repeat(400) }, file)).toHaveLength(300);
    expect(describeError({ message: "boom", stacks: [{ file: "/a/b.ts", line: 9, column: 1 }] }, file)).toBe(
      "boom (at b.ts:9)",
    );
    expect(describeError({}, file)).toBe("unknown error");
  });
});
