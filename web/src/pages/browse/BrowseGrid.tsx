import { memo, useDeferredValue } from "react";
import type { Nft } from "@pixlings/shared/http/nfts";
import { LiveTile } from "../../activity/LiveTile.tsx";
import { usePrices } from "../../chains/usePrices.ts";
import type { GridSize } from "../../components/gridSizes.ts";
import { PixCard } from "../../components/PixCard.tsx";
import { EXPLORER_GRID_COLUMNS } from "../../explorer/explorerGrid.ts";
import { FIRST_SCREEN_CARDS } from "./browseListing.ts";

/**
 * Browse's page of cards. Memoized: the page around it renders again as the filter counts, the
 * live feed's status or the filters' disclosure change, and a hundred cards each time held the
 * first images' paint back; the cards render again only for new Pix, prices or size. Its first
 * render holds the first screen's cards only and the rest follow at once, in a transition React
 * interrupts for the browser: the first screen (the page's largest paint) does not wait for the
 * render and layout of a hundred cards. Later pages and live updates render whole.
 */
export const BrowseGrid = memo(function BrowseGrid({ nfts, size, busy }: { nfts: readonly Nft[]; size: GridSize; busy: boolean }) {
  const { quote } = usePrices();
  const whole = useDeferredValue(true, false);
  const shown = whole ? nfts : nfts.slice(0, FIRST_SCREEN_CARDS);
  return (
    <div className={`grid gap-3 ${EXPLORER_GRID_COLUMNS[size]}`} data-grid-size={size} aria-busy={busy}>
      {shown.map((nft, index) => (
        <LiveTile key={nft.tokenId} nft={nft}>
          <PixCard nft={nft} quote={quote(nft.rarity)} eager={index < FIRST_SCREEN_CARDS} />
        </LiveTile>
      ))}
    </div>
  );
});
