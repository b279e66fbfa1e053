import type { MerchVariant } from "@pixlings/shared/http/merch";

/** "$13.50" from Printful's decimal USD string. */
export const formatMerchPrice = (price: string): string => `$${Number(price).toFixed(2)}`;

/** A product's price from its variants: "$9.25", or "From $9.25" when sizes or colours cost more. */
export function productPriceText(variants: readonly Pick<MerchVariant, "price">[]): string | undefined {
  const cents = variants.map((variant) => Math.round(Number(variant.price) * 100)).filter((value) => Number.isFinite(value));
  if (cents.length === 0) return undefined;
  const low = Math.min(...cents);
  const text = formatMerchPrice((low / 100).toFixed(2));
  return cents.some((value) => value !== low) ? `From ${text}` : text;
}

/**
 * Why Generate Preview cannot run yet (the spec's "Missing Selection" words), or null when the
 * choice is complete: a product, a colour and size that exist together, at least one placement.
 */
export function missingSelection(p: { productChosen: boolean; variantChosen: boolean; placements: number }): string | null {
  if (!p.productChosen) return "Choose a category and a product first";
  if (!p.variantChosen || p.placements === 0) return "Please select a variant (color/size) and placement";
  return null;
}
