import { useEffect, useState } from "react";

/** Whole seconds left until `until` (ms since the epoch), ticking each second; 0 once passed or when null. */
export function useCountdown(until: number | null): number {
  const left = (): number => (until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: left() reads only `until`.
  useEffect(() => {
    setSeconds(left());
    if (until === null) return;
    const timer = setInterval(() => {
      const next = left();
      setSeconds(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return seconds;
}
