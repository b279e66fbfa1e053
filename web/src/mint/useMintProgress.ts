import { useCallback, useState } from "react";
import type { MintStep } from "./mintSteps.ts";

/** A wallet mint in progress on a page: whether one runs, and the steps that happened so far (runMint's `onStep`). */
export function useMintProgress() {
  const [happened, setHappened] = useState<readonly MintStep[] | null>(null);
  const onStep = useCallback((step: MintStep) => setHappened((steps) => (steps === null || steps.includes(step) ? steps : [...steps, step])), []);
  return {
    running: happened !== null,
    happened: happened ?? [],
    current: happened?.at(-1) ?? null,
    start: useCallback(() => setHappened([]), []),
    onStep,
    finish: useCallback(() => setHappened(null), []),
  };
}
