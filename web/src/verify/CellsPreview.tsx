import { COLLECTION } from "@pixlings/shared/collection";
import { colourHex } from "@pixlings/shared/art/pixelArt";
import type { CellColours } from "./chainPixels.ts";

const N = COLLECTION.gridSize;
const CELLS = Array.from({ length: N * N }, (_, cell) => cell);

/** The 81 cells as read from a chain, drawn as they are; `marked` cells (those that differ) outlined. */
export function CellsPreview({ cells, marked = [], label }: { cells: CellColours; marked?: readonly number[]; label: string }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${N} ${N}`}
      shapeRendering="crispEdges"
      className="size-18 shrink-0 rounded border border-neutral-300 dark:border-neutral-700"
    >
      {CELLS.map((cell) => (
        <rect key={cell} x={cell % N} y={Math.floor(cell / N)} width={1} height={1} fill={colourHex(cells[cell] ?? 0)} />
      ))}
      {marked.map((cell) => (
        <rect key={`m${cell}`} x={(cell % N) + 0.1} y={Math.floor(cell / N) + 0.1} width={0.8} height={0.8} fill="none" stroke="#dc2626" strokeWidth={0.2} />
      ))}
    </svg>
  );
}
