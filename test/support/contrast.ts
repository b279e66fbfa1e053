import type { Locator } from "@playwright/test";

/**
 * The WCAG contrast ratio of an element's text against what is behind it, as the browser paints it
 * now: its computed colours (any CSS colour space, mapped to sRGB by a canvas), its background laid
 * over the nearest opaque one behind it, and its own opacity laid over that too (a see-through
 * disabled button counts as what it shows). axe-core leaves disabled controls out; this does not.
 */
export function contrastOf(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    const rgba = (colour: string): [number, number, number, number] => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = colour;
      canvas.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const over = (top: number[], alpha: number, under: number[]): number[] => under.map((value, i) => top[i]! * alpha + value * (1 - alpha));
    let behind: number[] = [255, 255, 255];
    for (let parent = node.parentElement; parent; parent = parent.parentElement) {
      const [r, g, b, a] = rgba(getComputedStyle(parent).backgroundColor);
      if (a === 1) {
        behind = [r, g, b];
        break;
      }
    }
    const style = getComputedStyle(node);
    const opacity = Number(style.opacity);
    const [br, bg, bb, ba] = rgba(style.backgroundColor);
    const fill = over([br, bg, bb], ba, behind);
    const [fr, fg, fb, fa] = rgba(style.color);
    const text = over(over([fr, fg, fb], fa, fill), opacity, behind);
    const shown = over(fill, opacity, behind);
    const luminance = (rgb: number[]): number => {
      const [r, g, b] = rgb.map((v) => {
        const c = v / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [light, dark] = [luminance(text), luminance(shown)].sort((a, b) => b - a);
    return (light! + 0.05) / (dark! + 0.05);
  });
}
