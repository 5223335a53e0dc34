"use client";

import { useMemo } from "react";
import { useWalletContext } from "../context";
import type { ModalStore } from "../state/store";
import type { ViewData, ViewName } from "../state/views";

/** What a view needs to move around the modal. */
export function useNav() {
  const { store } = useWalletContext();
  // Stable functions (effects may depend on them): they only read the store at call time.
  return useMemo(() => navFor(store), [store]);
}

function navFor(store: ModalStore) {
  return {
    push: (view: ViewName, data?: ViewData) => store.navigate({ type: "push", entry: { view, data } }),
    replace: (view: ViewName, data?: ViewData) => store.navigate({ type: "replace", entry: { view, data } }),
    goBack: () => store.navigate({ type: "goBack" }),
    close: () => store.close(),
    shake: () => store.shake(),
  };
}
