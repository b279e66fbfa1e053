import { SYMMETRY_LABEL, type Symmetry } from "@pixlings/shared/art/symmetry";
import type { ChainInfo } from "@pixlings/shared/http/sale";
import type { NftFacets, NftFilters, NftStatus } from "@pixlings/shared/http/nfts";
import { ANY_STATUS, NO_FILTERS, nftQueryParams } from "@pixlings/shared/http/nftQuery";
import { ui } from "../components/ui.ts";
import { FacetGroup, toggled, type FacetOption } from "./FacetGroup.tsx";
import { PalettePicker } from "./PalettePicker.tsx";
import { PriceRange } from "./PriceRange.tsx";

/** Each status in words; a minted status names the chain on sale of its network. */
function statusLabel(status: NftStatus, chains: readonly ChainInfo[] | undefined): string {
  if (status === "available") return "Available";
  if (status === "reserved") return "Reserved";
  if (status === "card") return "Card-owned";
  const network = status === "minted-ethereum" ? "ethereum" : "polygon";
  const chain = chains?.find((c) => c.network === network);
  return `Minted on ${chain?.name ?? (network === "ethereum" ? "Ethereum" : "Polygon")}`;
}

/** Whether the filters narrow anything beyond Browse's default (the Pix for sale). */
const isFiltered = (filters: NftFilters): boolean => nftQueryParams({ filters }).size > 0;

/**
 * Every filter of the trait explorer with its live counts (`GET /api/nfts/facets`). Within a filter
 * the values ticked are alternatives; filters combine; colours must all be in a Pix.
 */
export function ExplorerFilters({
  filters,
  facets,
  chains,
  onChange,
}: {
  filters: NftFilters;
  facets: NftFacets | undefined;
  chains: readonly ChainInfo[] | undefined;
  onChange(filters: NftFilters): void;
}) {
  const change = (changes: Partial<NftFilters>) => onChange({ ...filters, ...changes });
  const optionsOf = <V extends string | number>(counts: readonly { value: V; count: number }[] | undefined, label: (value: V) => string): FacetOption<V>[] =>
    (counts ?? []).map(({ value, count }) => ({ value, count, label: label(value) }));
  const onSale = new Set(chains?.map((chain) => `minted-${chain.network}`));
  const statusOptions: FacetOption<NftStatus | typeof ANY_STATUS>[] = [
    { value: ANY_STATUS, label: "Show sold (any status)", count: null },
    ...optionsOf(facets?.status, (status) => statusLabel(status, chains)).filter(
      (option) => !option.value.startsWith("minted-") || onSale.has(option.value) || (option.count ?? 0) > 0,
    ),
  ];
  return (
    <div className="flex flex-col gap-5">
      <FacetGroup
        legend="Status"
        options={statusOptions}
        chosen={filters.statuses === ANY_STATUS ? [ANY_STATUS] : filters.statuses}
        onToggle={(status) => {
          // "Any" and the states exclude each other; nothing ticked is any status.
          if (status === ANY_STATUS) change({ statuses: filters.statuses === ANY_STATUS ? NO_FILTERS.statuses : ANY_STATUS });
          else {
            const next = toggled(filters.statuses === ANY_STATUS ? [] : filters.statuses, status);
            change({ statuses: next.length === 0 ? ANY_STATUS : next });
          }
        }}
      />
      <FacetGroup
        legend="Tier"
        options={optionsOf(facets?.tier, (tier) => tier)}
        chosen={filters.tiers}
        onToggle={(tier) => change({ tiers: toggled(filters.tiers, tier) })}
      />
      <PriceRange
        prices={facets?.price ?? []}
        min={filters.minUsdCents}
        max={filters.maxUsdCents}
        onChange={({ min, max }) => change({ minUsdCents: min, maxUsdCents: max })}
      />
      <FacetGroup
        legend="Artist"
        options={(facets?.artist ?? []).map(({ value, count, name }) => ({ value, count, label: name }))}
        chosen={filters.artists}
        onToggle={(artist) => change({ artists: toggled(filters.artists, artist) })}
      />
      <FacetGroup
        legend="Number of colours"
        options={optionsOf(facets?.colorCount, (n) => (n === 1 ? "1 colour" : `${n} colours`))}
        chosen={filters.colorCounts}
        onToggle={(n) => change({ colorCounts: toggled(filters.colorCounts, n) })}
      />
      <FacetGroup
        legend="Symmetry"
        options={optionsOf(facets?.symmetry, (name: Symmetry) => SYMMETRY_LABEL[name])}
        chosen={filters.symmetries}
        onToggle={(name) => change({ symmetries: toggled(filters.symmetries, name) })}
      />
      <PalettePicker colors={facets?.color ?? []} chosen={filters.colors} onChange={(colors) => change({ colors })} />
      {isFiltered(filters) && (
        <button type="button" className={`${ui.secondary} ${ui.small} self-start`} onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </button>
      )}
    </div>
  );
}
