/** Hue bands (upper bound in degrees, name), red round to pink. */
const HUES: readonly [number, string][] = [
  [15, "red"],
  [45, "orange"],
  [68, "yellow"],
  [95, "lime"],
  [150, "green"],
  [185, "teal"],
  [210, "sky blue"],
  [250, "blue"],
  [290, "purple"],
  [345, "pink"],
  [360, "red"],
];

/**
 * A colour's name in words ("dark red", "pale sky blue", "grey") for a swatch's label: a
 * screen reader reads a name, not six hex digits. Rough on purpose: the hex code goes with it.
 */
export function colourName(hex: string): string {
  const rgb = Number.parseInt(hex, 16);
  const [r, g, b] = [(rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255].map((v) => v / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  if (s < 0.15 || d < 0.06) return l < 0.12 ? "black" : l > 0.92 ? "white" : l < 0.35 ? "dark grey" : l > 0.7 ? "light grey" : "grey";
  const h = (max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4) * 60;
  const hue = HUES.find(([upTo]) => h < upTo)?.[1] ?? "red";
  // Dark oranges and yellows read as brown.
  if (h >= 10 && h < 68 && l < 0.45 && s < 0.75) return l < 0.3 ? "dark brown" : "brown";
  const shade = l < 0.33 ? "dark " : l > 0.85 ? "pale " : l > 0.68 ? "light " : "";
  return `${shade}${hue}`;
}
