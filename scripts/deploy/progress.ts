/** A small multi-line progress display for art uploads: one bar per chain, on stderr. */

interface BarState {
  done: number;
  total: number;
  gasUsed: bigint;
}

export interface ProgressBars {
  update(label: string, done: number, total: number, gasUsed: bigint): void;
  /** Draws the final state (call once all bars are done or on error). */
  finish(): void;
}

const WIDTH = 24;
const REDRAW_MS = 100;

export function formatGas(gas: bigint): string {
  if (gas >= 1_000_000n) return `${(Number(gas) / 1e6).toFixed(1)}M gas`;
  if (gas >= 1_000n) return `${(Number(gas) / 1e3).toFixed(1)}k gas`;
  return `${gas} gas`;
}

export function renderBar(label: string, state: BarState, labelWidth: number): string {
  const fraction = state.total === 0 ? 1 : state.done / state.total;
  const filled = Math.round(fraction * WIDTH);
  const bar = `${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}`;
  const percent = `${Math.floor(fraction * 100)}%`.padStart(4);
  return `${label.padEnd(labelWidth)} [${bar}] ${percent}  ${state.done}/${state.total} chunks  ${formatGas(state.gasUsed)}`;
}

export function createProgressBars(stream: NodeJS.WriteStream = process.stderr): ProgressBars {
  const bars = new Map<string, BarState>();
  const lastQuarter = new Map<string, number>();
  let drawnLines = 0;
  let lastDraw = 0;
  const labelWidth = (): number => Math.max(...[...bars.keys()].map((label) => label.length));

  const redraw = (): void => {
    const up = drawnLines > 0 ? `\x1b[${drawnLines}A` : "";
    const lines = [...bars].map(([label, state]) => `\x1b[2K${renderBar(label, state, labelWidth())}\n`);
    stream.write(up + lines.join(""));
    drawnLines = bars.size;
    lastDraw = Date.now();
  };

  /** Without a terminal: one line per bar at each quarter, so logs stay short. */
  const logQuarter = (label: string, state: BarState): void => {
    const quarter = state.total === 0 ? 4 : Math.floor((state.done / state.total) * 4);
    if (lastQuarter.get(label) === quarter) return;
    lastQuarter.set(label, quarter);
    stream.write(`${renderBar(label, state, label.length)}\n`);
  };

  return {
    update(label, done, total, gasUsed): void {
      const state = { done, total, gasUsed };
      bars.set(label, state);
      if (!stream.isTTY) logQuarter(label, state);
      else if (done === total || Date.now() - lastDraw >= REDRAW_MS) redraw();
    },
    finish(): void {
      if (stream.isTTY && bars.size > 0) redraw();
    },
  };
}
