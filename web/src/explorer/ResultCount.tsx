import type { NftFilters } from "@pixlings/shared/http/nfts";
import { ui } from "../components/ui.ts";

/** How many Pix the view holds, said politely to screen readers whenever it changes. */
export function ResultCount({ total, statuses }: { total: number | undefined; statuses: NftFilters["statuses"] }) {
  const onlyForSale = statuses !== "any" && statuses.length === 1 && statuses[0] === "available";
  const text =
    total === undefined
      ? ""
      : `${total.toLocaleString("en-US")} ${statuses === "any" ? "Pix, sold ones included" : onlyForSale ? "available" : total === 1 ? "Pix matches" : "Pix match"}`;
  return (
    <p role="status" aria-live="polite" aria-atomic="true" className={`ml-auto text-sm ${ui.muted}`}>
      {text}
    </p>
  );
}
