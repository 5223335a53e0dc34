import type { Page } from "@playwright/test";
import { expectAxeClean } from "./axe";

/** Axe (WCAG 2.1 A/AA) over the open wallet modal: zero violations of any impact (issue 18). */
export async function expectModalAxeClean(page: Page) {
  await expectAxeClean(page, { include: "[data-testid=wallet-modal]" });
}

export const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
