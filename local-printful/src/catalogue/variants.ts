import { type Colour, PRODUCTS, type ProductDefinition } from "./products.ts";

export interface VariantDefinition {
  id: number;
  product: ProductDefinition;
  colour: Colour;
  size: string;
  inStock: boolean;
  /** USD, a decimal string as Printful writes it. */
  price: string;
}

/** Printful charges more for the largest apparel sizes: dollars added to the product's base price. */
const SIZE_SURCHARGE: Readonly<Record<string, number>> = { "2XL": 2, "3XL": 4, "4XL": 6, "5XL": 8 };

/** A variant's price: the product's, plus its size's surcharge (cents kept exact). */
function variantPrice(basePrice: string, size: string): string {
  const cents = Math.round(Number(basePrice) * 100) + (SIZE_SURCHARGE[size] ?? 0) * 100;
  return (cents / 100).toFixed(2);
}

/** Variant ids are the product id × 1000 plus a running number (colour-major, then size), as stable as Printful's. */
function variantsOf(product: ProductDefinition): VariantDefinition[] {
  const out: VariantDefinition[] = [];
  for (const colour of product.colours) {
    for (const size of product.sizes) {
      const inStock = !product.outOfStock?.some(([c, s]) => c === colour.name && s === size);
      out.push({ id: product.id * 1000 + out.length + 1, product, colour, size, inStock, price: variantPrice(product.price, size) });
    }
  }
  return out;
}

const PRODUCT_BY_ID = new Map(PRODUCTS.map((product) => [product.id, product]));
const VARIANTS_BY_PRODUCT = new Map(PRODUCTS.map((product) => [product.id, variantsOf(product)]));
const VARIANT_BY_ID = new Map([...VARIANTS_BY_PRODUCT.values()].flat().map((variant) => [variant.id, variant]));

export const findProduct = (id: number): ProductDefinition | undefined => PRODUCT_BY_ID.get(id);
export const variantsOfProduct = (id: number): readonly VariantDefinition[] => VARIANTS_BY_PRODUCT.get(id) ?? [];
export const findVariant = (id: number): VariantDefinition | undefined => VARIANT_BY_ID.get(id);
