import { ui } from "../components/ui.ts";

export interface FacetOption<V> {
  value: V;
  label: string;
  /** How many Pix choosing it gives; undefined while the counts load, null for none to show. */
  count: number | undefined | null;
}

export const countText = (count: number | undefined): string => (count === undefined ? "…" : count.toLocaleString("en-US"));

/** One filter as a list of checkboxes, each with its live count (read with its name: "Rare, 900 Pix"). */
export function FacetGroup<V extends string | number>({
  legend,
  options,
  chosen,
  onToggle,
  hint,
}: {
  legend: string;
  options: readonly FacetOption<V>[];
  chosen: readonly V[];
  onToggle(value: V): void;
  hint?: string;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {hint && <p className={`mb-1 text-xs ${ui.muted}`}>{hint}</p>}
      <ul className="flex max-h-64 flex-col overflow-y-auto">
        {options.map((option) => (
          <li key={String(option.value)}>
            <label className="flex min-h-8 cursor-pointer items-center gap-2 rounded px-1 text-sm hover:bg-neutral-100 dark:hover:bg-neutral-800">
              <input
                type="checkbox"
                className="size-4 shrink-0"
                checked={chosen.includes(option.value)}
                onChange={() => onToggle(option.value)}
                aria-label={option.count === null ? option.label : `${option.label}, ${countText(option.count)} Pix`}
              />
              <span className="min-w-0 flex-1 break-words">{option.label}</span>
              {option.count !== null && (
                <span aria-hidden="true" className={`shrink-0 text-xs tabular-nums ${ui.muted}`}>
                  {countText(option.count)}
                </span>
              )}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** `values` with `value` added, or taken out when it is there. */
export const toggled = <V,>(values: readonly V[], value: V): V[] => (values.includes(value) ? values.filter((v) => v !== value) : [...values, value]);
