"use client";

import { Component, type ReactNode } from "react";
import { ErrorNote, SecondaryButton } from "./ui";

type State = { failed: boolean };

/**
 * Keeps a view whose chunk did not arrive (or that threw) inside the modal. Without it the error would
 * reach the route's error page and the person would lose the page they were on. A failed chunk stays
 * failed until the page reloads (lazy-view.ts), so that is what it offers.
 */
export class ViewLoadBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="space-y-3">
        <ErrorNote title="This step did not load">Check your connection, then reload the page.</ErrorNote>
        <SecondaryButton onClick={() => window.location.reload()}>Reload page</SecondaryButton>
      </div>
    );
  }
}
