import { type MintStep, progressRows } from "./mintSteps.ts";

/** The mint's steps that happened (the last one current) and those still to come; the current one is announced. */
export function MintProgress({ happened }: { happened: readonly MintStep[] }) {
  const rows = progressRows(happened);
  if (rows.length === 0) return null;
  const current = rows.find((row) => row.state === "current");
  return (
    <ol aria-label="Mint progress" className="flex flex-col gap-1 text-sm">
      {rows.map((row) => (
        <li
          key={row.step}
          data-state={row.state}
          aria-current={row.state === "current" ? "step" : undefined}
          className={`flex items-center gap-2 ${row.state === "todo" ? "opacity-60" : ""}`}
        >
          <span aria-hidden="true" className="w-4 text-center">
            {row.state === "done" ? "✓" : row.state === "current" ? "…" : "○"}
          </span>
          <span className={row.state === "current" ? "font-semibold" : ""}>
            {row.label}
            <span className="sr-only">{row.state === "done" ? " (done)" : row.state === "todo" ? " (to come)" : ""}</span>
          </span>
        </li>
      ))}
      <li className="sr-only" aria-live="polite">
        {current?.label}
      </li>
    </ol>
  );
}
