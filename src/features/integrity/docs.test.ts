import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/api.md ("Operator console") sent readers to `POST`/`DELETE
// /api/admin/participants/{address}/exclusion` "documented with" the integrity feature. No such
// route exists; the integrity section documents `/api/admin/integrity/exclusions` and
// `/exclusions/restore`. And the referrals answer's `qualified` rule had strayed into "First-party
// analytics".

const root = path.resolve(import.meta.dirname, "../../..");

describe("docs/api.md exclusion endpoints", () => {
  it("every exclusion endpoint the operator-console section names has a route handler", () => {
    const doc = fs.readFileSync(path.join(root, "docs/api.md"), "utf8");
    const named = [
      ...doc.matchAll(/`(?:POST`\/`DELETE|POST|DELETE) (\/api\/admin\/[^`]*exclusion[^`]*)`/g),
    ].map((m) => m[1] as string);
    expect(named.length).toBeGreaterThan(0);
    const missing = named.filter((p) => {
      const dir = p.replace(/\{(\w+)\}/g, "[$1]");
      return !fs.existsSync(path.join(root, "src/app", dir, "route.ts"));
    });
    expect(missing).toEqual([]);
  });

  it("explains the referrals answer's `qualified` under GET /api/referrals/me, not under analytics", () => {
    const doc = fs.readFileSync(path.join(root, "docs/api.md"), "utf8");
    // A heading's text up to the next heading of its level or above (its subsections included).
    const sectionOf = (heading: string) => {
      const start = doc.indexOf(heading);
      const level = heading.indexOf(" ");
      const rest = doc.slice(start + heading.length);
      const next = rest.search(new RegExp(`^#{2,${level}} `, "m"));
      return start < 0 ? "" : heading + (next < 0 ? rest : rest.slice(0, next));
    };
    const rule = "friend meets the rule in `rule: {taskTypes, hours}`";
    expect(sectionOf("### `GET /api/referrals/me`")).toContain(rule);
    const analytics = sectionOf("## First-party analytics");
    expect(analytics).toContain("POST /api/events");
    expect(analytics).not.toContain("rule: {taskTypes");
  });
});
