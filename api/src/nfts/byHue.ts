/** Hue (0..360), saturation and lightness (0..1) of a 24-bit RGB colour. */
function hsl(rgb: number): { h: number; s: number; l: number } {
  const r = ((rgb >> 16) & 255) / 255;
  const g = ((rgb >> 8) & 255) / 255;
  const b = (rgb & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { h: h * 60, s, l };
}

/** Below this saturation a colour reads as a grey. */
const GREY = 0.15;
/** Hues are grouped in bands this wide, starting a little before red so a red ramp (348° to 13°) stays together. */
const BAND = 30;
const BAND_START = 340;

/**
 * Colours in the order a palette picker shows them: hue bands from red round to pink, dark to
 * pale within a band, then the greys dark to light.
 */
export function byHue(colors: readonly number[]): number[] {
  const key = (rgb: number): [number, number, number] => {
    const { h, s, l } = hsl(rgb);
    return s < GREY ? [1, 0, l] : [0, Math.floor(((h - BAND_START + 360) % 360) / BAND), l];
  };
  const keys = new Map(colors.map((rgb) => [rgb, key(rgb)]));
  return [...colors].sort((a, b) => {
    const [ka, kb] = [keys.get(a)!, keys.get(b)!];
    return ka[0] - kb[0] || ka[1] - kb[1] || ka[2] - kb[2] || a - b;
  });
}
