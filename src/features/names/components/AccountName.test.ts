import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AccountName } from "./AccountName";

const address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const html = (props: Parameters<typeof AccountName>[0]) =>
  renderToStaticMarkup(createElement(AccountName, props));

describe("<AccountName>", () => {
  it("shows the name, with the full address in the tooltip", () => {
    const out = html({ address, name: "alice.aurum" });
    expect(out).toContain(">alice.aurum<");
    expect(out).toContain(`title="${address}"`);
    expect(out).not.toContain("0x7099…79C8");
  });

  // Review (names): the address of a named participant sat only in `title`, which touch screens
  // and keyboards never show and screen readers do not read.
  it("gives assistive technology the full address of a named participant, beside the name", () => {
    const out = html({ address, name: "alice.aurum" });
    expect(out).toContain(`<span class="sr-only">, address ${address}</span>`);
    // The name element's own text stays the name alone (e2e and lists read it).
    expect(out).toMatch(/data-testid="account-name"[^>]*>alice\.aurum<\/span>/);
    expect(html({ address, name: null })).not.toContain("sr-only");
  });

  it("shows the short address when there is no name", () => {
    const out = html({ address, name: null });
    expect(out).toContain(">0x7099…79C8<");
    expect(out).toContain("font-id");
  });

  it("shows a masked address as given, and offers a copy button on request", () => {
    expect(html({ address: "0x70••••79c8" })).toContain(">0x70••••79c8<");
    expect(html({ address, name: "alice.aurum", copy: true })).toContain(
      // The Copy button's name is its visible word plus what it copies ("Copy address").
      '<span aria-live="polite">Copy</span><span class="sr-only"> address</span>',
    );
    expect(html({ address, name: "alice.aurum" })).not.toContain("<button");
  });
});
