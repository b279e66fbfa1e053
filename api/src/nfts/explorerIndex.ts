import { CHAINS, isChainId } from "@pixlings/shared/chains";
import type { NftStatus } from "@pixlings/shared/http/nfts";
import { CARD_PRICE_CENTS } from "../checkout/cardPrices.ts";
import type { MarketState } from "../market/market.ts";
import { indexCatalogue, indexStatuses, type CatalogueTraits, type PieceTraits, type StatusTraits } from "../market/traitIndex.ts";
import type { TraitIndex } from "./explore.ts";
import { cardBuyerOf } from "./toNft.ts";

/** The states of one Pix in `state` (NftStatus). */
function statesOf(state: MarketState, tokenId: number): NftStatus[] {
  const minted = state.minted.byToken.get(tokenId);
  if (!minted) return [state.reserved.has(tokenId) ? "reserved" : "available"];
  const states: NftStatus[] = [];
  if (isChainId(minted.chainId)) states.push(`minted-${CHAINS[minted.chainId].network}`);
  if (cardBuyerOf(state, tokenId)) states.push("card");
  return states;
}

function piecesOf(state: MarketState): PieceTraits[] {
  return [...state.catalogue.values()].map((entry) => ({
    tokenId: entry.tokenId,
    tier: entry.tier,
    artist: entry.artist && { id: entry.artist.id, name: entry.artist.name },
    colorCount: entry.colorCount,
    symmetry: entry.symmetry,
    palette: state.art.peek(entry.tokenId)?.palette ?? [],
    priceCents: CARD_PRICE_CENTS[entry.tier],
  }));
}

/**
 * The trait index of the market as it is: the catalogue's sets are rebuilt only when the catalogue
 * or the art changed, the status sets only when the mints, holds or card buyers did (each part of
 * the market keeps its object while unchanged, so identity says when).
 */
export function createExplorerIndex(): (state: MarketState) => TraitIndex {
  let catalogue: { from: [MarketState["catalogue"], number]; traits: CatalogueTraits } | undefined;
  let status: { from: [MarketState["minted"], MarketState["reserved"], MarketState["cardBuyers"]]; traits: StatusTraits } | undefined;
  return (state) => {
    if (!catalogue || catalogue.from[0] !== state.catalogue || catalogue.from[1] !== state.art.generation) {
      catalogue = { from: [state.catalogue, state.art.generation], traits: indexCatalogue(piecesOf(state)) };
    }
    const [minted, reserved, buyers] = status?.from ?? [];
    if (!status || minted !== state.minted || reserved !== state.reserved || buyers !== state.cardBuyers) {
      const ids = [...state.catalogue.keys()];
      status = {
        from: [state.minted, state.reserved, state.cardBuyers],
        traits: indexStatuses(ids.map((id) => [id, statesOf(state, id)] as const)),
      };
    }
    return { catalogue: catalogue.traits, status: status.traits };
  };
}
