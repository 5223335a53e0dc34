"use client";

import { useEffect, useState } from "react";

/** `value`, updated only after it has been stable for `ms` (typing must not fire a quote per key). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}
