import { type History, type HistoryAction, historyReducer, INITIAL_HISTORY } from "./history";
import type { ViewEntry } from "./views";

/** The seed's modal state (open, loading, shake) plus our view history. */
export type ModalState = {
  isOpen: boolean;
  history: History;
  /** Increments on every shake request; the modal restarts its 500 ms animation when it changes. */
  shakeCount: number;
  /** The modal chunk has been requested once (it is loaded on first open, then kept). */
  requested: boolean;
  /** The seed's loading flag (a view waits on the wallet); closing clears it. */
  loading: boolean;
};

export type ModalStore = ReturnType<typeof createModalStore>;

/** A tiny external store (useSyncExternalStore) so views and the header share one modal. */
export function createModalStore() {
  let state: ModalState = {
    isOpen: false,
    history: INITIAL_HISTORY,
    shakeCount: 0,
    requested: false,
    loading: false,
  };
  const listeners = new Set<() => void>();
  let opener: HTMLElement | null = null;
  const set = (next: ModalState) => {
    state = next;
    for (const l of listeners) l();
  };
  return {
    getState: () => state,
    /** The element focused when the modal opened (focus returns there after Escape or ×). */
    opener: () => (opener?.isConnected ? opener : null),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    openAt(entry: ViewEntry) {
      // Remember what had focus (the button that opened us) to give it back on close.
      if (!state.isOpen && typeof document !== "undefined" && document.activeElement instanceof HTMLElement) {
        opener = document.activeElement;
      }
      set({
        ...state,
        isOpen: true,
        requested: true,
        history: historyReducer(state.history, { type: "reset", entry }),
      });
    },
    /** Closing resets to Connect and clears loading (the seed). */
    close() {
      set({ ...state, isOpen: false, history: INITIAL_HISTORY, loading: false });
    },
    setLoading(loading: boolean) {
      if (state.loading !== loading) set({ ...state, loading });
    },
    navigate(action: HistoryAction) {
      const history = historyReducer(state.history, action);
      // Back from the first view closes the modal (the seed).
      if (history.length === 0) set({ ...state, isOpen: false, history: INITIAL_HISTORY, loading: false });
      else set({ ...state, history });
    },
    shake() {
      set({ ...state, shakeCount: state.shakeCount + 1 });
    },
  };
}
