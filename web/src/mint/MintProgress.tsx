import { MINT_STEPS, stepIndex, type MintStep } from "./mintSteps.ts";

/** The mint's steps so far; the current one is announced to screen readers. */
export function MintProgress({ step }: { step: MintStep }) {
  const current = stepIndex(step);
  const shown = MINT_STEPS.filter((entry, index) => index <= current || !["signing-in", "switching"].includes(entry.step));
  return (
    <ol aria-label="Mint progress" className="flex flex-col gap-1 text-sm">
      {shown.map((entry) => {
        const index = stepIndex(entry.step);
        const state = index < current ? "done" : index === current ? "current" : "todo";
        return (
          <li
            key={entry.step}
            aria-current={state === "current" ? "step" : undefined}
            className={`flex items-center gap-2 ${state === "todo" ? "opacity-60" : ""}`}
          >
            <span aria-hidden="true" className="w-4 text-center">
              {state === "done" ? "✓" : state === "current" ? "…" : "○"}
            </span>
            <span className={state === "current" ? "font-semibold" : ""}>{entry.label}</span>
          </li>
        );
      })}
      <li className="sr-only" aria-live="polite">
        {MINT_STEPS[current]?.label}
      </li>
    </ol>
  );
}
