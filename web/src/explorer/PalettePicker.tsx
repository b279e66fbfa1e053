import type { FacetCount } from "@pixlings/shared/http/nfts";
import { ui } from "../components/ui.ts";
import { colourName } from "./colourName.ts";
import { countText, toggled } from "./FacetGroup.tsx";

/** Black or white, whichever reads on `hex`. */
const inkOn = (hex: string): string => {
  const rgb = Number.parseInt(hex, 16);
  const luma = 0.299 * ((rgb >> 16) & 255) + 0.587 * ((rgb >> 8) & 255) + 0.114 * (rgb & 255);
  return luma > 140 ? "#000" : "#fff";
};

/**
 * "Contains colour": the collection's colours as swatches (checkboxes), each named in words and
 * hex for screen readers, with its count. Pix must contain every colour picked.
 */
export function PalettePicker({
  colors,
  chosen,
  onChange,
}: {
  colors: readonly FacetCount<string>[];
  chosen: readonly string[];
  onChange(colors: string[]): void;
}) {
  if (colors.length === 0) return null;
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-semibold">Contains colour</legend>
      <p className={`mb-2 text-xs ${ui.muted}`}>Pix with every colour picked.</p>
      <div className="grid grid-cols-8 gap-1.5">
        {colors.map(({ value, count }) => {
          const picked = chosen.includes(value);
          return (
            <label key={value} className="relative block" title={`${colourName(value)} #${value}: ${countText(count)}`}>
              <input
                type="checkbox"
                className="peer sr-only"
                checked={picked}
                onChange={() => onChange(toggled(chosen, value))}
                aria-label={`${colourName(value)} #${value}, ${countText(count)} Pix`}
              />
              <span
                aria-hidden="true"
                className="flex aspect-square cursor-pointer items-center justify-center rounded-md border border-neutral-400 text-sm font-bold peer-checked:ring-2 peer-checked:ring-violet-600 peer-checked:ring-offset-2 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-violet-600 dark:border-neutral-500 dark:peer-checked:ring-violet-400 dark:ring-offset-neutral-900"
                style={{ backgroundColor: `#${value}`, color: inkOn(value) }}
              >
                {picked ? "✓" : count === 0 ? "–" : ""}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
