import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ONCHAIN_TASK_TYPES, publicParams, TASK_TYPES, taskParamsSchemas } from "./definitions";
import { taskRegistry } from "./server/registry";
import { parseTasksYaml } from "./server/seed";

describe("task type registry", () => {
  it("has a verifier for every type and no other", () => {
    expect(Object.keys(taskRegistry).sort()).toEqual([...TASK_TYPES].sort());
    expect(Object.keys(taskParamsSchemas).sort()).toEqual([...TASK_TYPES].sort());
    for (const t of TASK_TYPES) expect(typeof taskRegistry[t].verify).toBe("function");
  });
  it("marks exactly the on-chain types as on-chain (they unlock referral bonuses)", () => {
    const onchain = TASK_TYPES.filter((t) => taskRegistry[t].onchain);
    expect(onchain.sort()).toEqual([...ONCHAIN_TASK_TYPES].sort());
  });
  it("has a card for every type", () => {
    // Read as text: the card registry imports next/dynamic, which needs a bundler.
    const src = readFileSync(path.join(import.meta.dirname, "components/cards/registry.ts"), "utf8");
    for (const t of TASK_TYPES)
      expect(src).toMatch(new RegExp(`^\\s+${t}: \\{ (Body: dynamic\\(|\\.\\.\\.statusFree\\()`, "m"));
  });
});

describe("content/tasks.yaml", () => {
  const tasks = parseTasksYaml(readFileSync(path.join(process.cwd(), "content", "tasks.yaml"), "utf8"));
  it("is valid and uses every task type", () => {
    expect(new Set(tasks.map((t) => t.type))).toEqual(new Set(TASK_TYPES));
  });
  it("never exposes quiz answers to the client", () => {
    for (const t of tasks.filter((x) => x.type === "quiz")) {
      const pub = JSON.stringify(publicParams(t.type, t.params));
      expect(pub).not.toContain('"answer"');
      expect(pub).toContain('"options"');
    }
  });
});

describe("params schemas", () => {
  it("reject amounts of zero and malformed quizzes", () => {
    expect(taskParamsSchemas.swap.safeParse({ token: "tUSD", amount: "0" }).success).toBe(false);
    expect(taskParamsSchemas.stake.safeParse({ amount: "0.5" }).success).toBe(true);
    const q = (answer: number) => ({ questions: [{ id: "a", question: "?", options: ["x", "y"], answer }] });
    expect(taskParamsSchemas.quiz.safeParse(q(1)).success).toBe(true);
    expect(taskParamsSchemas.quiz.safeParse(q(2)).success).toBe(false);
  });
});
