"use client";

import { useEffect } from "react";

/**
 * Tells the form's container while the form's transaction runs, so the container keeps the form
 * mounted until it ends (its tabs, pool picker or Exit toggle disabled): unmounted mid-run, the run's
 * double-submit guard went with the form, and the remounted form, idle, could send the same request
 * again. Unmounting says "not busy", so a container is never left locked.
 */
export function useReportBusy(busy: boolean, onBusy: ((busy: boolean) => void) | undefined) {
  useEffect(() => {
    onBusy?.(busy);
    return () => onBusy?.(false);
  }, [busy, onBusy]);
}
