import type { ProductDefinition } from "./products.ts";
import { type VariantDefinition, variantsOfProduct } from "./variants.ts";

/** Where the stand-in serves its images (its own URL): product pictures and rendered mockups. */
export interface FileUrls {
  product(productId: number): string;
  variant(variantId: number): string;
}

/** A product as Printful's v1 catalogue writes it (`GET /products`, and `result.product` of `GET /products/{id}`). */
export function productWire(product: ProductDefinition, urls: FileUrls): Record<string, unknown> {
  return {
    id: product.id,
    main_category_id: null,
    type: product.type,
    type_name: product.typeName,
    title: product.title,
    brand: product.brand,
    model: product.model,
    image: urls.product(product.id),
    variant_count: variantsOfProduct(product.id).length,
    currency: "USD",
    files: [
      ...product.placements.map((p) => ({ id: p.key, type: p.key, title: p.title, additional_price: null })),
      { id: "preview", type: "mockup", title: "Mockup", additional_price: null },
    ],
    options: [],
    is_discontinued: false,
    avg_fulfillment_time: null,
    description: product.description,
    techniques: [{ key: product.placements.some((p) => p.key.startsWith("embroidery")) ? "EMBROIDERY" : "DTG", display_name: "Printing", is_default: true }],
    origin_country: null,
  };
}

/** A variant as Printful's v1 catalogue writes it. */
export function variantWire(variant: VariantDefinition, urls: FileUrls): Record<string, unknown> {
  const status = variant.inStock ? "in_stock" : "out_of_stock";
  return {
    id: variant.id,
    product_id: variant.product.id,
    name: `${variant.product.title} (${variant.colour.name} / ${variant.size})`,
    size: variant.size,
    color: variant.colour.name,
    color_code: variant.colour.hex,
    color_code2: null,
    image: urls.variant(variant.id),
    price: variant.price,
    in_stock: variant.inStock,
    availability_regions: { US: "USA", EU: "Europe" },
    availability_status: [
      { region: "US", status },
      { region: "EU", status },
    ],
  };
}

/** `GET /mockup-generator/printfiles/{id}`: the placements the generator takes and each print file's size. */
export function printfilesWire(product: ProductDefinition): Record<string, unknown> {
  const printfiles = product.placements.map((p, index) => ({
    printfile_id: product.id * 10 + index,
    width: p.printfile.width,
    height: p.printfile.height,
    dpi: p.printfile.dpi,
    fill_mode: "fit",
    can_rotate: false,
  }));
  const placements = Object.fromEntries(product.placements.map((p, index) => [p.key, product.id * 10 + index]));
  return {
    product_id: product.id,
    available_placements: Object.fromEntries(product.placements.map((p) => [p.key, p.title])),
    printfiles,
    variant_printfiles: variantsOfProduct(product.id).map((variant) => ({ variant_id: variant.id, placements })),
    option_groups: ["Flat", "Detail"],
    options: [...new Set(product.placements.map((p) => (p.view === "back" ? "Back" : "Front"))), "Close-up"],
  };
}
