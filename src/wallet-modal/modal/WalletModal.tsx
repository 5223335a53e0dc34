"use client";

import { Dialog } from "radix-ui";
import { Suspense, useEffect, useRef } from "react";
import { track } from "@/lib/analytics";
import { RpcHealthNote } from "../components/RpcHealthNote";
import { useModalState, useWalletContext } from "../context";
import { canGoBack, currentView } from "../state/history";
import { isCloseDisabled } from "../state/open-view";
import { ViewLoadBoundary } from "./ViewLoadBoundary";
import { preloadNextViews, VIEW_REGISTRY, viewTitle } from "./views";
import "./wallet-modal.css";

export const SHAKE_MS = 500;

/** The wallet modal: Radix Dialog (focus trap, Escape, accessible names) around the current view. */
export default function WalletModal() {
  const { store, snapshot } = useWalletContext();
  const isOpen = useModalState((s) => s.isOpen);
  const history = useModalState((s) => s.history);
  const shakeCount = useModalState((s) => s.shakeCount);
  const entry = currentView(history);
  const { Component } = VIEW_REGISTRY[entry.view];
  const title = viewTitle(entry.view, entry.data);
  const { settings } = useWalletContext();
  // EMAIL_CAPTURE=required: the email step cannot be dismissed either, unless the saved email cannot
  // be read (nothing could be saved then, and the page behind would be out of reach).
  const closeDisabled =
    isCloseDisabled(entry.view, snapshot()) ||
    (entry.view === "DataCapture" && settings.emailCapture === "required" && !entry.data?.emailUnavailable);
  const contentRef = useRef<HTMLDivElement>(null);

  // First-party analytics: the seed's MODAL_OPEN / MODAL_CLOSE (with the connected flag).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (isOpen === wasOpen.current) return;
    wasOpen.current = isOpen;
    track(
      isOpen ? "MODAL_OPEN" : "MODAL_CLOSE",
      isOpen ? undefined : { connected: snapshot().walletConnected },
    );
  }, [isOpen, snapshot]);

  // After this view's first paint: the chunk of the step a person is likely to open next.
  useEffect(() => {
    if (!isOpen) return;
    const id = setTimeout(() => preloadNextViews(entry.view, settings), 0);
    return () => clearTimeout(id);
  }, [isOpen, entry.view, settings]);

  // Tailwind 4 centres with the `translate` property, so the shake can own `transform`. Not for
  // people who asked for reduced motion (WCAG 2.3.3): the error note the view shows says it already.
  useEffect(() => {
    if (shakeCount === 0 || prefersReducedMotion()) return;
    contentRef.current?.animate(
      [0, -8, 8, -6, 6, -3, 3, 0].map((x) => ({ transform: `translateX(${x}px)` })),
      { duration: SHAKE_MS, easing: "ease-in-out" },
    );
  }, [shakeCount]);

  const requestClose = () => {
    if (!closeDisabled) store.close();
  };

  return (
    <Dialog.Root open={isOpen} onOpenChange={(open) => (open ? undefined : requestClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="wm-overlay fixed inset-0 z-[999] bg-black/70 backdrop-blur-[2px]" />
        <Dialog.Content
          ref={contentRef}
          aria-describedby={undefined}
          data-testid="wallet-modal"
          data-view={entry.view}
          onEscapeKeyDown={(e) => closeDisabled && e.preventDefault()}
          onCloseAutoFocus={(e) => {
            // The modal opens from code as often as from a Radix trigger: return focus ourselves.
            const opener = store.opener();
            if (opener) {
              e.preventDefault();
              opener.focus();
            }
          }}
          onInteractOutside={(e) => closeDisabled && e.preventDefault()}
          className="wm-content fixed top-1/2 left-1/2 z-[999] flex max-h-[calc(100dvh-32px)] w-[360px] max-w-[calc(100vw-16px)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-card border border-border bg-surface text-text shadow-2xl shadow-black/60 outline-none"
        >
          <header className="flex h-14 shrink-0 items-center gap-2 border-b border-border px-3">
            <div className="w-9">
              {canGoBack(history) ? (
                <button
                  type="button"
                  onClick={() => store.navigate({ type: "goBack" })}
                  aria-label="Back"
                  className="inline-flex size-9 items-center justify-center rounded-control text-muted hover:bg-raised hover:text-text"
                >
                  <Chevron />
                </button>
              ) : null}
            </div>
            <Dialog.Title className="flex-1 text-center text-base font-semibold">{title}</Dialog.Title>
            <div className="w-9">
              <button
                type="button"
                onClick={requestClose}
                disabled={closeDisabled}
                aria-label="Close"
                title={closeDisabled ? "Sign in or cancel to close" : undefined}
                className="inline-flex size-9 items-center justify-center rounded-control text-muted hover:bg-raised hover:text-text disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent"
              >
                <Cross />
              </button>
            </div>
          </header>
          <RpcHealthNote />
          <div key={`${history.length}:${entry.view}`} className="wm-view overflow-y-auto p-4">
            <ViewLoadBoundary>
              <Suspense fallback={<ViewSkeleton />}>
                <Component />
              </Suspense>
            </ViewLoadBoundary>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

function ViewSkeleton() {
  return (
    <div className="space-y-2" aria-busy="true">
      <div className="h-10 animate-pulse rounded-control bg-raised" />
      <div className="h-12 animate-pulse rounded-control bg-raised" />
      <div className="h-12 animate-pulse rounded-control bg-raised" />
    </div>
  );
}

function Chevron() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <path d="M10 3 5 8l5 5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

function Cross() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <path
        d="m4 4 8 8M12 4l-8 8"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}
