// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyView } from "./lazy-view";
import { ViewLoadBoundary } from "./ViewLoadBoundary";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Shown() {
  return <p>The view</p>;
}

function renderView(View: ReturnType<typeof lazyView>) {
  return render(
    <main>
      <p>The page</p>
      <ViewLoadBoundary>
        <Suspense fallback={<p>Loading</p>}>
          <View />
        </Suspense>
      </ViewLoadBoundary>
    </main>,
  );
}

describe("a lazy modal view", () => {
  it("shows a loading state, then the view", async () => {
    renderView(lazyView(() => Promise.resolve(Shown)));
    expect(screen.getByText("Loading")).toBeTruthy();
    expect(await screen.findByText("The view")).toBeTruthy();
  });

  it("whose chunk does not arrive says so inside the modal, keeps the page and offers a reload", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, reload });
    renderView(lazyView(() => Promise.reject(new Error("Failed to load chunk"))));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("This step did not loadCheck your connection, then reload the page.");
    expect(screen.getByText("The page")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Reload page" }));
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it("preload starts the fetch before the view is shown, once per call", async () => {
    const load = vi.fn(() => Promise.resolve(Shown));
    const View = lazyView(load);
    View.preload();
    expect(load).toHaveBeenCalledOnce();
    renderView(View);
    expect(await screen.findByText("The view")).toBeTruthy();
  });
});
