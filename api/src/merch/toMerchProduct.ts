import type { MerchFile, MerchProduct, MerchVariant } from "@pixlings/shared/http/merch";
import type { WireProduct, WireVariant } from "./printfulWire.ts";

/** A Printful product as the API answers it; `files` replaces Printful's own when given (a detail's placements). */
export function toMerchProduct(product: WireProduct, files: MerchFile[] = product.files): MerchProduct {
  const { id, type, type_name, title, brand, model, image, variant_count } = product;
  return { id, type, type_name, title, brand, model, image, variant_count, files };
}

export function toMerchVariant(variant: WireVariant): MerchVariant {
  const { id, product_id, name, size, color, color_code, image, price, in_stock } = variant;
  return {
    id,
    product_id,
    name,
    size,
    color,
    color_code,
    image,
    price: Number(price).toFixed(2),
    in_stock,
    availability_status: variant.availability_status[0]?.status ?? (in_stock ? "in_stock" : "out_of_stock"),
  };
}
