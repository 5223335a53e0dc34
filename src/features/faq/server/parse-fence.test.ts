import { describe, expect, it } from "vitest";
import { parseFaq } from "./parse";

// parse.ts: "Headings inside fenced code blocks are answer text". A fence opened with four
// backticks (the usual way to show a ``` block inside an answer) was closed by the first
// three-backtick line inside it, so a "### …" line inside the code block became a new question.
// The fence rules are CommonMark's, as markdown-it renders the answer.
const questions = (source: string) => parseFaq(source).map((e) => e.question);

describe("parseFaq fences", () => {
  it("a ### line inside a four-backtick fence stays part of the answer", () => {
    const source = [
      "## Content",
      "### How do I write the FAQ file?",
      "Like this:",
      "",
      "````md",
      "```",
      "### not a question",
      "```",
      "````",
      "",
    ].join("\n");
    const entries = parseFaq(source);
    expect(entries.map((e) => e.question)).toEqual(["How do I write the FAQ file?"]);
    expect(entries[0]?.answerMarkdown).toContain("### not a question");
  });

  it("a closing fence is the opening character, at least as long, with nothing after it but blanks", () => {
    const answer = (...lines: string[]) =>
      ["## S", "### Q", "Text:", ...lines, "### Next", "Yes."].join("\n");
    // Not closers: the other character, a shorter run, text after the run.
    expect(questions(answer("~~~", "```", "### in code", "~~~"))).toEqual(["Q", "Next"]);
    expect(questions(answer("`````", "````", "### in code", "`````"))).toEqual(["Q", "Next"]);
    expect(questions(answer("```", "``` not a closer", "### in code", "```"))).toEqual(["Q", "Next"]);
    // Closers: a longer run, trailing blanks.
    expect(questions(answer("```", "### in code", "`````"))).toEqual(["Q", "Next"]);
    expect(questions(answer("~~~", "### in code", "~~~ \t"))).toEqual(["Q", "Next"]);
  });

  it("a backtick run followed by a backtick is inline code, not an opening fence", () => {
    const source = ["## S", "### Q", "``` `x` ``` is inline code.", "### Next", "Yes."].join("\n");
    expect(questions(source)).toEqual(["Q", "Next"]);
  });
});
