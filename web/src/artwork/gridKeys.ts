import { COLLECTION } from "@pixlings/shared/collection";

const SIZE = COLLECTION.gridSize;

/**
 * The cell a key moves the focus to in the 9x9 grid (the ARIA grid pattern): arrows by one, Home
 * and End to the row's ends, Ctrl+Home and Ctrl+End to the corners; undefined for any other key.
 * The focus stops at the edges.
 */
export function cellAfterKey(cell: number, key: string, ctrl = false): number | undefined {
  const row = Math.floor(cell / SIZE);
  const column = cell % SIZE;
  switch (key) {
    case "ArrowLeft":
      return row * SIZE + Math.max(0, column - 1);
    case "ArrowRight":
      return row * SIZE + Math.min(SIZE - 1, column + 1);
    case "ArrowUp":
      return Math.max(0, row - 1) * SIZE + column;
    case "ArrowDown":
      return Math.min(SIZE - 1, row + 1) * SIZE + column;
    case "Home":
      return ctrl ? 0 : row * SIZE;
    case "End":
      return ctrl ? SIZE * SIZE - 1 : row * SIZE + SIZE - 1;
    default:
      return undefined;
  }
}

/** "Row 2, column 5" (1-based) of a cell. */
export function cellPosition(cell: number): string {
  return `Row ${Math.floor(cell / SIZE) + 1}, column ${(cell % SIZE) + 1}`;
}
