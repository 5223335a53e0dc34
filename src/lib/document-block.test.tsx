// @vitest-environment happy-dom
import { act } from "react";
import { flushSync } from "react-dom";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { usePageData } from "./page-data-block";

function Probe({ page, fromDocument }: { page: string; fromDocument: boolean }) {
  const seed = usePageData<{ n: number }>(page, fromDocument);
  if (seed === undefined) return <p data-testid="state">pending</p>;
  if (seed === null) return <p data-testid="state">none</p>;
  return <p data-testid="state">{`n=${seed.data.n} at=${seed.at}`}</p>;
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const state = (root: HTMLElement) => root.querySelector('[data-testid="state"]')?.textContent;

describe("usePageData (a shell's page-data block, read in a transition after hydration)", () => {
  it("is pending on the server and while hydrating (no mismatch), then shows the block; a later mount reads it at once", async () => {
    const html = renderToString(<Probe page="/wallet" fromDocument />);
    expect(html).toContain("pending");
    document.body.innerHTML = `<script id="aurum-page-data" type="application/json">${JSON.stringify({
      page: "/wallet",
      at: 5,
      data: { n: 7 },
    })}</script><div id="root">${html}</div>`;
    const root = document.getElementById("root") as HTMLElement;
    const errors: unknown[] = [];
    let hydrated!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      hydrated = hydrateRoot(root, <Probe page="/wallet" fromDocument />, {
        onRecoverableError: (e) => errors.push(e),
      });
    });
    expect(errors).toEqual([]);
    expect(state(root)).toBe("n=7 at=5");

    // A remount in the same document (client navigation back): no skeleton frame.
    await act(async () => hydrated.render(<p>elsewhere</p>));
    // The first render of the new mount, committed synchronously: already the data.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    flushSync(() => hydrated.render(<Probe page="/wallet" fromDocument />));
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    expect(state(root)).toBe("n=7 at=5");
    await act(async () => hydrated.unmount());
  });

  it("is null for another page's block, and always null outside a shell render", async () => {
    document.body.innerHTML = `<script id="aurum-page-data" type="application/json">{"page":"/wallet","at":1,"data":{"n":1}}</script><div id="root"></div>`;
    const root = document.getElementById("root") as HTMLElement;
    const { createRoot } = await import("react-dom/client");
    const r = createRoot(root);
    await act(async () => r.render(<Probe page="/rewards" fromDocument />));
    expect(state(root)).toBe("none");
    await act(async () => r.render(<Probe page="/wallet" fromDocument={false} />));
    expect(state(root)).toBe("none");
    await act(async () => r.unmount());
  });
});
