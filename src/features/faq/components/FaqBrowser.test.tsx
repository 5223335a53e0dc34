// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FAQ_SEARCH_DEBOUNCE_MS } from "../filter";
import { FaqBrowser, type FaqBrowserSection } from "./FaqBrowser";

const SECTIONS: FaqBrowserSection[] = [
  {
    slug: "testnet",
    title: "The testnet",
    items: [
      {
        slug: "stuck",
        question: "My transaction is stuck",
        answerHtml: "<p>Choose <strong>Speed</strong>up&nbsp;or cancel it: R&amp;D says so.</p>",
      },
      { slug: "wallets", question: "Which wallets?", answerHtml: "<ul><li>Any</li><li>EIP-1193</li></ul>" },
    ],
  },
];

afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, "", "/faq");
});

async function search(text: string) {
  fireEvent.change(screen.getByTestId("faq-search"), { target: { value: text } });
  await act(async () => {
    vi.advanceTimersByTime(FAQ_SEARCH_DEBOUNCE_MS + 10);
  });
}

describe("FaqBrowser", () => {
  it("renders every answer in the HTML, each question a closed disclosure", () => {
    const html = renderToString(<FaqBrowser sections={SECTIONS} />);
    expect(html.match(/<details/g)).toHaveLength(2);
    expect(html).not.toContain("<details open");
    expect(html).toContain("<strong>Speed</strong>");
    expect(html).toContain("2 questions");
  });

  it("searches the answers' text rebuilt from their HTML (tags are word breaks, entities decoded)", async () => {
    vi.useFakeTimers();
    render(<FaqBrowser sections={SECTIONS} />);
    await search("speed");
    expect(screen.getByTestId("faq-count").textContent).toBe("1 question matches “speed”");
    await search("r&d");
    expect(screen.getByTestId("faq-count").textContent).toBe("1 question matches “r&d”");
    // "<li>Any</li><li>EIP-1193</li>" is two words, not "AnyEIP-1193".
    await search("any eip-1193");
    expect(screen.getByTestId("faq-count").textContent).toBe("1 question matches “any eip-1193”");
    await search("anyeip");
    expect(screen.getByText("No questions match your search")).toBeTruthy();
  });

  it("opens the question named by the hash, and an opened question becomes the hash", async () => {
    window.history.replaceState(null, "", "/faq#wallets");
    const { container } = render(<FaqBrowser sections={SECTIONS} />);
    await act(async () => {});
    const [stuck, wallets] = [...container.querySelectorAll("details")];
    expect(wallets?.open).toBe(true);
    expect(stuck?.open).toBe(false);
    await act(async () => {
      stuck!.open = true;
      stuck!.dispatchEvent(new Event("toggle"));
    });
    expect(window.location.hash).toBe("#stuck");
    await act(async () => {
      stuck!.open = false;
      stuck!.dispatchEvent(new Event("toggle"));
    });
    expect(window.location.hash).toBe("");
    expect(wallets?.open).toBe(true);
  });

  it.each(["/faq#100%", "/faq#%E0%A4%A"])(
    "with a malformed hash (%s) opens nothing, and a toggle still updates the hash",
    async (url) => {
      window.history.replaceState(null, "", url);
      let container: HTMLElement | undefined;
      await act(async () => {
        ({ container } = render(<FaqBrowser sections={SECTIONS} />));
      });
      const details = [...(container?.querySelectorAll("details") ?? [])];
      expect(details).toHaveLength(2);
      expect(details.some((d) => d.open)).toBe(false);
      await act(async () => {
        details[0]!.open = true;
        details[0]!.dispatchEvent(new Event("toggle"));
      });
      expect(window.location.hash).toBe("#stuck");
    },
  );
});
