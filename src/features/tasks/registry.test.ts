import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ONCHAIN_TASK_TYPES,
  publicParams,
  RECURRENCES,
  recurrencesFor,
  TASK_TYPES,
  taskParamsSchemas,
} from "./definitions";
import { taskEntrySchema } from "./file-schema";
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
  it("quiz question ids: Object.prototype names are refused, except `constructor`, which grades like any id", () => {
    const quiz = (id: string) => ({ questions: [{ id, question: "?", options: ["x", "y"], answer: 0 }] });
    for (const id of [
      "__proto__",
      "toString",
      "valueOf",
      "hasOwnProperty",
      "isPrototypeOf",
      "__defineGetter__",
    ])
      expect(taskParamsSchemas.quiz.safeParse(quiz(id)).success, id).toBe(false);
    // Lower-case like every id; logic.test.ts "quiz grading" checks it counts as unanswered when skipped.
    expect(taskParamsSchemas.quiz.safeParse(quiz("constructor")).success).toBe(true);
  });
});

describe("recurrence per task type", () => {
  const entry = (type: string, params: object, repeat: string) => ({
    id: "t",
    title: "T",
    description: "D",
    type,
    params,
    points: 5,
    repeat,
  });
  const params = {
    invite_friends: { count: 3 },
    read_article: { slug: "news" },
    airdrop_claim: {},
  };
  it("refuses daily and weekly for the types whose completion cannot be counted per period, naming the type", () => {
    for (const [type, p] of Object.entries(params)) {
      expect(taskEntrySchema.safeParse(entry(type, p, "once")).success).toBe(true);
      for (const repeat of ["daily", "weekly"]) {
        const r = taskEntrySchema.safeParse(entry(type, p, repeat));
        expect(r.success).toBe(false);
        expect(r.error?.issues[0]).toMatchObject({
          path: ["repeat"],
          message: expect.stringMatching(new RegExp(`^${type} tasks cannot repeat ${repeat}: `)),
        });
      }
    }
  });
  it("lets every other type repeat daily or weekly", () => {
    const repeating = TASK_TYPES.filter((t) => !(t in params));
    expect(repeating).toEqual([
      "daily_checkin",
      "faucet_claim",
      "swap",
      "add_liquidity",
      "stake",
      "claim_reward",
      "send",
      "quiz",
    ]);
    for (const t of repeating) expect(recurrencesFor(t)).toEqual(RECURRENCES);
    for (const t of Object.keys(params)) expect(recurrencesFor(t as keyof typeof params)).toEqual(["once"]);
    expect(taskEntrySchema.safeParse(entry("swap", { token: "tUSD", amount: "1" }, "weekly")).success).toBe(
      true,
    );
  });
});
