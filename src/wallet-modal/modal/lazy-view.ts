import { type ComponentType, createElement, lazy } from "react";

/** A view in its own chunk: rendered through React.lazy, fetched early with `preload()`. */
export type LazyView = ComponentType & { preload: () => void };

/**
 * A view fetched when first shown or preloaded. The bundler's runtime keeps a failed chunk as failed
 * for the page's life (a new `import()` returns the same rejection), so a failure is final until a
 * reload: the modal's ViewLoadBoundary says so and offers one.
 */
export function lazyView(load: () => Promise<ComponentType>): LazyView {
  const Lazy = lazy(() => load().then((Component) => ({ default: Component })));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per view, at module level (views.ts)
  function View() {
    return createElement(Lazy);
  }
  View.preload = () => {
    load().catch(() => undefined);
  };
  return View;
}
