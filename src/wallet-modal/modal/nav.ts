"use client";

import { useWalletContext } from "../context";
import type { ViewData, ViewName } from "../state/views";

/** What a view needs to move around the modal. */
export function useNav() {
  const { store } = useWalletContext();
  return {
    push: (view: ViewName, data?: ViewData) => store.navigate({ type: "push", entry: { view, data } }),
    replace: (view: ViewName, data?: ViewData) => store.navigate({ type: "replace", entry: { view, data } }),
    goBack: () => store.navigate({ type: "goBack" }),
    close: () => store.close(),
    shake: () => store.shake(),
  };
}
