import type { FacetCount } from "@pixlings/shared/http/nfts";
import { useId } from "react";
import { ui } from "../components/ui.ts";
import { countText } from "./FacetGroup.tsx";

const dollars = (cents: number): string => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: cents % 100 === 0 ? 0 : 2 })}`;

/**
 * The card price range, in US dollars: one unit for every chain and payment (a coin's price differs
 * by chain, and would make a shared link mean something else on the other chain). From and To
 * offer the collection's prices, each with its count.
 */
export function PriceRange({
  prices,
  min,
  max,
  onChange,
}: {
  prices: readonly FacetCount<number>[];
  min: number | undefined;
  max: number | undefined;
  onChange(range: { min: number | undefined; max: number | undefined }): void;
}) {
  const id = useId();
  if (prices.length === 0) return null;
  const choice = (which: "min" | "max", value: number | undefined) => (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={`${id}-${which}`} className="text-xs font-medium">
        {which === "min" ? "From" : "To"}
      </label>
      <select
        id={`${id}-${which}`}
        className={`${ui.field} w-full min-w-0 px-2`}
        value={value ?? ""}
        onChange={(event) => {
          const next = event.target.value === "" ? undefined : Number(event.target.value);
          onChange(
            which === "min"
              ? { min: next, max: max !== undefined && next !== undefined && max < next ? next : max }
              : { min: min !== undefined && next !== undefined && min > next ? next : min, max: next },
          );
        }}
      >
        <option value="">Any</option>
        {prices.map(({ value: cents, count }) => (
          <option key={cents} value={cents}>
            {dollars(cents)} ({countText(count)})
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 text-sm font-semibold">Card price (USD)</legend>
      <div className="flex gap-2">
        {choice("min", min)}
        {choice("max", max)}
      </div>
    </fieldset>
  );
}
