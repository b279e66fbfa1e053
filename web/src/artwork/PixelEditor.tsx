import { useEffect, useId, useRef, useState } from "react";
import { COLLECTION } from "@pixlings/shared/collection";
import { ui } from "../components/ui.ts";
import { colourHex } from "@pixlings/shared/art/pixelArt";
import { colorsUsed, fillAll, fromHex, paint, setSwatch, swatchName, type Drawing } from "./drawing.ts";
import { cellAfterKey, cellPosition } from "./gridKeys.ts";

const ROWS = Array.from({ length: COLLECTION.gridSize }, (_, row) => row);
const COLUMNS = ROWS;

/**
 * The 9x9 pixel editor: pick one of 16 swatches (any of them can be recoloured), then click or
 * drag over the canvas, or move with the arrow keys and paint with Space or Enter; Clear paints
 * everything the background (the first swatch). The colours used are counted as the contract does.
 */
export function PixelEditor({ drawing, onChange }: { drawing: Drawing; onChange(next: Drawing): void }) {
  const name = useId();
  const [swatch, setSelected] = useState(1);
  const [focused, setFocused] = useState(0);
  const cells = useRef<(HTMLTableCellElement | null)[]>([]);
  // Pointer moves come faster than renders: each paints on the newest drawing, not the rendered one.
  const latest = useRef(drawing);
  latest.current = drawing;
  const painting = useRef(false);

  useEffect(() => {
    const stop = () => {
      painting.current = false;
    };
    window.addEventListener("pointerup", stop);
    window.addEventListener("pointercancel", stop);
    return () => {
      window.removeEventListener("pointerup", stop);
      window.removeEventListener("pointercancel", stop);
    };
  }, []);

  const paintCell = (cell: number) => {
    const next = paint(latest.current, cell, swatch);
    if (next === latest.current) return;
    latest.current = next;
    onChange(next);
  };
  const cellAt = (x: number, y: number): number | undefined => {
    const element = document.elementFromPoint(x, y)?.closest<HTMLElement>("[data-cell]");
    return element ? Number(element.dataset.cell) : undefined;
  };
  const moveFocus = (cell: number) => {
    setFocused(cell);
    cells.current[cell]?.focus();
  };
  const used = colorsUsed(drawing);

  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Colour</legend>
        <div className="grid grid-cols-8 gap-1.5">
          {drawing.palette.map((rgb, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a swatch is its position; its colour can change.
            <label key={index} className="relative block">
              <input
                type="radio"
                name={name}
                className="peer sr-only"
                checked={swatch === index}
                onChange={() => setSelected(index)}
                aria-label={`${swatchName(rgb)}${index === 0 ? " (background)" : ""}`}
              />
              <span
                aria-hidden="true"
                className="block aspect-square cursor-pointer rounded-md border border-neutral-400 peer-checked:ring-2 peer-checked:ring-violet-600 peer-checked:ring-offset-2 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-violet-600 dark:border-neutral-500 dark:peer-checked:ring-violet-400 dark:ring-offset-neutral-900"
                style={{ backgroundColor: colourHex(rgb) }}
              />
            </label>
          ))}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="color"
            className="h-8 w-12 cursor-pointer rounded border border-neutral-300 bg-transparent dark:border-neutral-700"
            value={colourHex(drawing.palette[swatch] ?? 0)}
            onChange={(event) => {
              const rgb = fromHex(event.target.value);
              if (rgb !== undefined) onChange(setSwatch(drawing, swatch, rgb));
            }}
          />
          Change the selected colour
        </label>
      </fieldset>

      <table
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern (a table whose cells take arrow keys and are painted with Space or Enter) makes screen readers pass the keys through.
        role="grid"
        aria-label={`Pixel canvas, ${COLLECTION.gridSize} by ${COLLECTION.gridSize}: arrow keys move, Space or Enter paints`}
        className="w-fit touch-none border-collapse select-none border border-neutral-400 dark:border-neutral-600"
        onPointerDown={(event) => {
          const cell = cellAt(event.clientX, event.clientY);
          if (cell === undefined) return;
          event.preventDefault();
          // Touch captures the pointer on the first cell; painting follows the finger instead.
          if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
          painting.current = true;
          // preventDefault also stops the focus a click would give: give it, so the keys go on from here.
          moveFocus(cell);
          paintCell(cell);
        }}
        onPointerMove={(event) => {
          if (!painting.current) return;
          const cell = cellAt(event.clientX, event.clientY);
          if (cell !== undefined) paintCell(cell);
        }}
        onKeyDown={(event) => {
          if (event.key === " " || event.key === "Enter") {
            event.preventDefault();
            paintCell(focused);
            return;
          }
          const next = cellAfterKey(focused, event.key, event.ctrlKey || event.metaKey);
          if (next === undefined) return;
          event.preventDefault();
          moveFocus(next);
        }}
      >
        <tbody>
          {ROWS.map((row) => (
            <tr key={row}>
              {COLUMNS.map((column) => {
                const cell = row * COLLECTION.gridSize + column;
                const rgb = drawing.palette[drawing.cells[cell] ?? 0] ?? 0;
                return (
                  <td
                    key={cell}
                    ref={(element) => {
                      cells.current[cell] = element;
                    }}
                    data-cell={cell}
                    tabIndex={cell === focused ? 0 : -1}
                    aria-label={`${cellPosition(cell)}: ${swatchName(rgb)}`}
                    onFocus={() => setFocused(cell)}
                    className="size-8 cursor-crosshair p-0 outline-none focus-visible:relative focus-visible:z-10 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-violet-600"
                    style={{ backgroundColor: colourHex(rgb) }}
                  />
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>

      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm" aria-live="polite">
          Colours used: <span className="font-semibold tabular-nums">{used}</span> / {COLLECTION.maxColors}
        </p>
        <button type="button" className={`${ui.secondary} ${ui.small}`} onClick={() => onChange(fillAll(drawing, 0))}>
          Clear
        </button>
      </div>
    </div>
  );
}
