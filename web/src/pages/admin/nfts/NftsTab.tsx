import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { AdminNft } from "@pixlings/shared/http/admin";
import { adminQueries } from "../../../api/adminQueries.ts";
import { displayName } from "../../../cart/addToCart.ts";
import { ErrorNotice } from "../../../components/ErrorNotice.tsx";
import { GRID_COLUMNS, type GridSize } from "../../../components/gridSizes.ts";
import { Pager } from "../../../components/Pager.tsx";
import { PixImage } from "../../../components/PixImage.tsx";
import { SelectField } from "../../../components/SelectField.tsx";
import { SizePicker } from "../../../components/SizePicker.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { TierBadge } from "../../../components/TierBadge.tsx";
import { ui } from "../../../components/ui.ts";
import { Badge } from "../../../submissions/StatusBadge.tsx";
import { EditNftDialog } from "../../../admin/EditNftForm.tsx";
import { nftPage, type NftFilter } from "./nftPage.ts";

const FILTERS: readonly { value: NftFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "unsold", label: "Unsold" },
  { value: "sold", label: "Sold" },
  { value: "artist", label: "Artist pieces" },
];

function NftCard({ nft, onEdit }: { nft: AdminNft; onEdit(): void }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-1.5 rounded-lg border border-neutral-200 bg-white p-2 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <PixImage nft={nft} />
      <h3 id={titleId} className="truncate text-sm font-semibold">
        {displayName(nft)}
      </h3>
      <p className={`text-xs ${ui.muted}`}>Token #{nft.tokenId}</p>
      <span className="flex flex-wrap gap-1">
        <TierBadge rarity={nft.rarity} />
        {nft.isSold && <Badge tone="red">SOLD</Badge>}
        {nft.replacement && <Badge tone="blue">{nft.replacement.state === "failed" ? "Replacement failed" : "Replacing"}</Badge>}
      </span>
      {nft.isSold ? (
        <p className={`mt-auto text-xs ${ui.muted}`}>Sold: locked</p>
      ) : (
        <button type="button" className={`${ui.secondary} ${ui.small} mt-auto`} aria-label={`Edit Pix #${nft.tokenId}`} onClick={onEdit}>
          Edit
        </button>
      )}
    </article>
  );
}

/** The NFT tab: every Pix (one fetch of 10,000), 100 a page, sizes XS..XL, search and filters; sold Pix show SOLD and cannot be edited. */
export function NftsTab() {
  const searchId = useId();
  const nfts = useQuery(adminQueries.nfts());
  const [size, setSize] = useState<GridSize>("M");
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<NftFilter>("all");
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminNft | null>(null);

  if (nfts.isLoading || nfts.error || !nfts.data) {
    return (
      <div className="flex flex-col gap-4">
        <h2 className="text-xl font-bold">NFTs</h2>
        {nfts.isLoading && <Spinner label="Loading NFTs..." />}
        {nfts.error && <ErrorNotice error={nfts.error} title="Could not load NFTs" onRetry={() => void nfts.refetch()} retrying={nfts.isFetching} />}
      </div>
    );
  }
  const view = nftPage(nfts.data.nfts, { search, filter, page });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <h2 className="text-xl font-bold">NFTs</h2>
        <SizePicker size={size} onChange={setSize} />
        <div className="flex flex-col gap-1">
          <label htmlFor={searchId} className="text-sm font-medium">
            Find
          </label>
          <input
            id={searchId}
            type="search"
            className={ui.field}
            placeholder="Token ID or name"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <SelectField
          label="Show"
          value={filter}
          options={FILTERS}
          onChange={(value) => {
            setFilter(value || "all");
            setPage(1);
          }}
        />
        <p className={`ml-auto text-sm ${ui.muted}`}>
          {view.total.toLocaleString("en-US")} of {nfts.data.total.toLocaleString("en-US")}
        </p>
      </div>
      {view.items.length === 0 ? (
        <p className={`${ui.card} py-10 text-center`}>No NFTs match.</p>
      ) : (
        <div className={`grid gap-3 ${GRID_COLUMNS[size]}`} data-grid-size={size}>
          {view.items.map((nft) => (
            <NftCard key={nft.tokenId} nft={nft} onEdit={() => setEditing(nft)} />
          ))}
        </div>
      )}
      <Pager
        page={view.page}
        totalPages={view.totalPages}
        onGo={(next) => {
          setPage(next);
          window.scrollTo({ top: 0 });
        }}
      />
      {editing && <EditNftDialog nft={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
