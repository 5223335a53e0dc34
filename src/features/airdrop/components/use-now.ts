import { useEffect, useState } from "react";

/** The wall clock, re-read every `ms` (countdowns). */
export function useNow(ms = 1_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}
