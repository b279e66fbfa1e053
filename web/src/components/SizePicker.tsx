import { GRID_SIZES, type GridSize } from "./gridSizes.ts";

/** The XS..XL size buttons of a Pix grid. */
export function SizePicker({ size, onChange }: { size: GridSize; onChange(size: GridSize): void }) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium">Size</legend>
      <div className="flex overflow-hidden rounded-md border border-neutral-300 dark:border-neutral-700">
        {GRID_SIZES.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === size}
            onClick={() => onChange(option)}
            className={`h-9 px-3 text-sm font-semibold ${option === size ? "bg-violet-700 text-white" : "bg-white hover:bg-neutral-100 dark:bg-neutral-900 dark:hover:bg-neutral-800"}`}
          >
            {option}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
