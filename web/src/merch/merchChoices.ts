import type { MerchFile, MerchVariant } from "@pixlings/shared/http/merch";
import { SIZE_ORDER } from "@pixlings/shared/merch";
import type { MerchPreferences } from "./merchPreferences.ts";

const distinct = (values: readonly string[]): string[] => [...new Set(values)].filter((value) => value !== "");

/** The product's colours, in catalogue order. */
export const colorsOf = (variants: readonly MerchVariant[]): string[] => distinct(variants.map((v) => v.color));

/** Sizes of `color`'s variants: XS, S, M, L, XL, 2XL ... 5XL first in that order, any other size after them as listed. */
export function sizesOf(variants: readonly MerchVariant[], color: string | null): string[] {
  const sizes = distinct(variants.filter((v) => color === null || v.color === color).map((v) => v.size));
  const rank = (size: string): number => {
    const at = (SIZE_ORDER as readonly string[]).indexOf(size.toUpperCase());
    return at === -1 ? SIZE_ORDER.length : at;
  };
  return sizes
    .map((size, index) => ({ size, index }))
    .sort((a, b) => rank(a.size) - rank(b.size) || a.index - b.index)
    .map(({ size }) => size);
}

/** The last colour used if the product has it, else Black, else White, else the first. */
export function defaultColor(colors: readonly string[], preferences: Pick<MerchPreferences, "lastColor">): string | null {
  const has = (name: string | undefined): string | undefined => colors.find((color) => name !== undefined && color.toLowerCase() === name.toLowerCase());
  return has(preferences.lastColor) ?? has("Black") ?? has("White") ?? colors[0] ?? null;
}

/** The size last used for this product type if offered, else M, else L, else the first. */
export function defaultSize(sizes: readonly string[], productType: string, preferences: Pick<MerchPreferences, "sizeByType">): string | null {
  const has = (name: string | undefined): string | undefined => sizes.find((size) => name !== undefined && size.toLowerCase() === name.toLowerCase());
  return has(preferences.sizeByType[productType]) ?? has("M") ?? has("L") ?? sizes[0] ?? null;
}

/** The placement chosen when a product loads: an embroidery one if any, else one with "front", else the first. */
export function autoPlacement(files: readonly MerchFile[]): string | null {
  const embroidery = files.find((file) => /embroidery/i.test(file.type) || /embroidery/i.test(file.id));
  const front = files.find((file) => /front/i.test(file.type) || /front/i.test(file.id));
  return (embroidery ?? front ?? files[0])?.id ?? null;
}

/** The variant of that colour and size. */
export const variantFor = (variants: readonly MerchVariant[], color: string | null, size: string | null): MerchVariant | undefined =>
  variants.find((variant) => variant.color === color && variant.size === size);
