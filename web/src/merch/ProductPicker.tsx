import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useReducer, useState } from "react";
import type { MerchProduct } from "@pixlings/shared/http/merch";
import { MERCH_CATEGORIES, pixImagePath } from "@pixlings/shared/merch";
import { ErrorNotice } from "../components/ErrorNotice.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { ui } from "../components/ui.ts";
import { productsInCategory } from "./merchCategories.ts";
import { colorsOf, sizesOf, variantFor } from "./merchChoices.ts";
import { readMerchPreferences, saveMerchPreferences } from "./merchPreferences.ts";
import { merchQueries } from "./merchQueries.ts";
import { formatMerchPrice, missingSelection, productPriceText } from "./merchPrice.ts";
import { MockupList } from "./MockupList.tsx";
import { INITIAL_PICKER, pickerReducer } from "./pickerState.ts";
import { ProductTiles } from "./ProductTiles.tsx";
import { usePreview } from "./usePreview.ts";
import { VariantFields } from "./VariantFields.tsx";

/** Category buttons, product select, colour, size and placements, Generate Preview, the mockups (spec: "Merchandise picker"). */
export function ProductPicker({ tokenId, products }: { tokenId: number; products: readonly MerchProduct[] }) {
  const missingId = useId();
  const [state, dispatch] = useReducer(pickerReducer, INITIAL_PICKER);
  const [preferences, setPreferences] = useState(readMerchPreferences);
  const detail = useQuery({ ...merchQueries.product(state.productId ?? 0), enabled: state.productId !== null });
  const preview = usePreview();
  const loaded = detail.data && detail.data.product.id === state.productId ? detail.data : undefined;

  useEffect(() => {
    if (loaded) dispatch({ type: "details", product: loaded.product, variants: loaded.variants, preferences });
  }, [loaded, preferences]);

  const offered = state.category ? productsInCategory(products, state.category) : [];
  const variants = loaded?.variants ?? [];
  const variant = variantFor(variants, state.color, state.size);
  const { clear } = preview;

  const missing = missingSelection({ productChosen: loaded !== undefined, variantChosen: variant !== undefined, placements: state.placements.length });
  const generate = (): void => {
    // The button is disabled until the choice is complete; this only guards a stale click.
    if (!loaded || !variant || missing !== null) return;
    const request = {
      productId: loaded.product.id,
      variantId: variant.id,
      placements: state.placements,
      pixUrl: `${window.location.origin}${pixImagePath(tokenId)}?t=${Date.now()}`,
    };
    preview.generate(request, { productTitle: loaded.product.title, name: `${variant.color} / ${variant.size}`, price: variant.price }, () => {
      saveMerchPreferences(variant.color, loaded.product.type_name, variant.size);
      setPreferences(readMerchPreferences());
    });
  };
  const buttonLabel = preview.waitSeconds > 0 ? `Wait ${preview.waitSeconds}s` : preview.generating ? "Generating..." : "Generate Preview";

  return (
    <div className="flex flex-col gap-5">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Category</legend>
        {MERCH_CATEGORIES.map(({ name }) => (
          <button
            key={name}
            type="button"
            aria-pressed={state.category === name}
            className={`${state.category === name ? ui.primary : ui.secondary} ${ui.small}`}
            onClick={() => {
              dispatch({ type: "category", category: name });
              clear();
            }}
          >
            {name}
          </button>
        ))}
      </fieldset>
      {state.category && (
        <ProductTiles
          products={offered}
          value={state.productId}
          onChange={(id) => {
            dispatch({ type: "product", productId: id });
            clear();
          }}
        />
      )}
      {state.productId !== null && detail.isPending && <Spinner label="Loading product details..." />}
      {detail.error && (
        <ErrorNotice error={detail.error} title="Failed to load the product" onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
      )}
      {loaded && (
        <div className="grid gap-5 md:grid-cols-[10rem_1fr]">
          <figure className="flex flex-col gap-1">
            <img
              src={variant?.image ?? loaded.product.image}
              alt={loaded.product.title}
              className="aspect-square w-40 rounded-md border border-neutral-200 object-contain dark:border-neutral-800"
            />
            <figcaption className="text-sm" data-testid="product-price">
              <span className="font-semibold">{variant ? formatMerchPrice(variant.price) : productPriceText(variants)}</span>{" "}
              <span className={ui.muted}>at Printful</span>
            </figcaption>
          </figure>
          <VariantFields
            colors={colorsOf(variants)}
            sizes={sizesOf(variants, state.color)}
            files={loaded.product.files}
            color={state.color}
            size={state.size}
            placements={state.placements}
            onColor={(color) => dispatch({ type: "color", color, variants, productType: loaded.product.type_name, preferences })}
            onSize={(size) => dispatch({ type: "size", size })}
            onPlacement={(placement) => dispatch({ type: "placement", placement })}
          />
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={ui.primary}
          disabled={missing !== null || preview.generating || preview.waitSeconds > 0}
          aria-describedby={missing !== null ? missingId : undefined}
          onClick={generate}
        >
          {buttonLabel}
        </button>
        {preview.generating ? (
          <span className={`text-sm ${ui.muted}`}>Rendering your Pix on the product...</span>
        ) : (
          missing !== null && (
            <span id={missingId} className={`text-sm ${ui.muted}`}>
              {missing}
            </span>
          )
        )}
      </div>
      {preview.failure && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {preview.failure}
        </p>
      )}
      {preview.mockups.length > 0 && preview.variant && (
        <MockupList
          mockups={preview.mockups}
          productTitle={preview.variant.productTitle}
          variantName={preview.variant.name}
          price={preview.variant.price}
          tokenId={tokenId}
        />
      )}
    </div>
  );
}
