import type { ViewEntry } from "./views";

/** The modal's view history (the seed's router): a stack whose last entry is on screen. */
export type History = readonly ViewEntry[];

export type HistoryAction =
  | { type: "push"; entry: ViewEntry }
  | { type: "replace"; entry: ViewEntry }
  | { type: "goBack" }
  | { type: "reset"; entry?: ViewEntry };

export const INITIAL_HISTORY: History = [{ view: "Connect" }];

/**
 * Pure transition. `goBack` on a single view returns an empty history: the caller closes the modal
 * (the seed: "closes the modal when only one view is left").
 */
export function historyReducer(history: History, action: HistoryAction): History {
  switch (action.type) {
    case "push": {
      const top = history.at(-1);
      // Pushing the view already on screen would make "back" look broken.
      if (top && top.view === action.entry.view) return [...history.slice(0, -1), action.entry];
      return [...history, action.entry];
    }
    case "replace":
      return history.length === 0 ? [action.entry] : [...history.slice(0, -1), action.entry];
    case "goBack":
      return history.slice(0, -1);
    case "reset":
      return [action.entry ?? { view: "Connect" }];
  }
}

export const currentView = (history: History): ViewEntry => history.at(-1) ?? { view: "Connect" };
export const canGoBack = (history: History): boolean => history.length > 1;
