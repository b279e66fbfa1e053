import type { MerchProduct } from "@pixlings/shared/http/merch";
import { EXCLUDED_PRODUCT_IDS, MERCH_CATEGORIES, type MerchCategoryName } from "@pixlings/shared/merch";

/** The category whose keywords the product's type name or model contains (case-insensitive); the first that fits. */
export function categoryOf(product: Pick<MerchProduct, "type_name" | "model">): MerchCategoryName | undefined {
  const text = `${product.type_name} ${product.model}`.toLowerCase();
  return MERCH_CATEGORIES.find((category) => category.keywords.some((keyword) => text.includes(keyword.toLowerCase())))?.name;
}

/** The products the picker offers in `category`, in catalogue order: never an excluded product (599). */
export function productsInCategory<P extends Pick<MerchProduct, "id" | "type_name" | "model">>(products: readonly P[], category: MerchCategoryName): P[] {
  return products.filter((product) => !EXCLUDED_PRODUCT_IDS.includes(product.id) && categoryOf(product) === category);
}
