// @vitest-environment happy-dom
// useMounted: false where the server rendered (so hydration matches), true right after in a deferred
// pass (React renders it in a transition, not as a sync re-render in the effects flush: context.ts),
// and true from the first render of anything mounted once the document has hydrated.
import { act } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markDocumentHydrated, useMounted } from "./context";

function Probe({ seen }: { seen: boolean[] }) {
  const mounted = useMounted();
  seen.push(mounted);
  return <p>{mounted ? "wallet state" : "placeholder"}</p>;
}

type ActEnv = { IS_REACT_ACT_ENVIRONMENT?: boolean };
const actEnv = globalThis as ActEnv;
const before = actEnv.IS_REACT_ACT_ENVIRONMENT;
beforeAll(() => {
  actEnv.IS_REACT_ACT_ENVIRONMENT = true;
});
afterAll(() => {
  actEnv.IS_REACT_ACT_ENVIRONMENT = before;
});

describe("useMounted", () => {
  it("renders false on the server and while hydrating, then true, with no hydration error", async () => {
    const server: boolean[] = [];
    const html = renderToString(<Probe seen={server} />);
    expect(server).toEqual([false]);
    expect(html).toContain("placeholder");

    const container = document.createElement("div");
    container.innerHTML = html;
    const seen: boolean[] = [];
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Probe seen={seen} />, { onRecoverableError: (e) => errors.push(e) });
    });
    expect(errors).toEqual([]);
    expect(seen).toEqual([false, true]);
    expect(container.textContent).toBe("wallet state");
  });

  it("is true from the first render once the document has hydrated (client navigations, the modal)", async () => {
    markDocumentHydrated();
    const seen: boolean[] = [];
    const container = document.createElement("div");
    await act(async () => createRoot(container).render(<Probe seen={seen} />));
    expect(seen).toEqual([true]);
  });
});
