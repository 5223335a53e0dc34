import { axeViolations, describeViolations } from "./axe";
import { expect, test } from "./fixtures";

// The shared axe helper (e2e/axe.ts) must see what axe sees: every spec's "no violation" rests on it.
test("the axe helper reports violations, Lighthouse's WCAG 2.5.3 audit among them, and scans an included part only", async ({
  page,
}) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>axe</title></head><body><main>
    <div id="a"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></div>
    <div id="b"><p style="color:#777;background:#888">Low contrast</p></div>
    <button aria-label="Close">Open</button>
  </main></body></html>`);
  const all = await axeViolations(page);
  expect(all.map((v) => v.id).sort()).toEqual(["color-contrast", "image-alt", "label-content-name-mismatch"]);
  expect(describeViolations(all).join("\n")).toContain("image-alt (critical): img");
  // Only the included part, on a page where axe is already loaded.
  expect((await axeViolations(page, { include: "#b" })).map((v) => v.id)).toEqual(["color-contrast"]);
});
