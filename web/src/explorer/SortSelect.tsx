import type { NftSort } from "@pixlings/shared/http/nfts";
import { useId } from "react";
import { ui } from "../components/ui.ts";

const SORT_LABELS: Record<NftSort, string> = {
  id: "Token number",
  price: "Price: low to high",
  "-price": "Price: high to low",
  colorCount: "Colours: fewest first",
  "-colorCount": "Colours: most first",
  recent: "Recently minted",
};

/** The order of the grid. */
export function SortSelect({ sort, onChange }: { sort: NftSort; onChange(sort: NftSort): void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Sort by
      </label>
      <select id={id} className={ui.field} value={sort} onChange={(event) => onChange(event.target.value as NftSort)}>
        {(Object.keys(SORT_LABELS) as NftSort[]).map((value) => (
          <option key={value} value={value}>
            {SORT_LABELS[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
