import type { MerchProduct } from "@pixlings/shared/http/merch";
import { ui } from "../components/ui.ts";

/** The category's products as pictures to pick from (a radio group named "Product"). */
export function ProductTiles({ products, value, onChange }: { products: readonly MerchProduct[]; value: number | null; onChange(productId: number): void }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">Product</legend>
      {products.length === 0 ? (
        <p className={`text-sm ${ui.muted}`}>No products in this category</p>
      ) : (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
          {products.map((product) => (
            <label
              key={product.id}
              className="flex min-w-0 cursor-pointer flex-col gap-1 rounded-lg border border-neutral-200 bg-white p-2 has-[:checked]:border-violet-600 has-[:checked]:ring-2 has-[:checked]:ring-violet-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-violet-600 dark:border-neutral-700 dark:bg-neutral-900"
            >
              <input
                type="radio"
                name="merch-product"
                value={product.id}
                checked={value === product.id}
                onChange={() => onChange(product.id)}
                className="sr-only"
              />
              <img src={product.image} alt="" loading="lazy" className="aspect-square w-full rounded-md bg-neutral-100 object-contain dark:bg-neutral-800" />
              <span className="text-sm leading-snug font-medium break-words">{product.title}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
