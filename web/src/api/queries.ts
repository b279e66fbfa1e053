import type { User } from "@pixlings/shared/http/auth";
import type { CheckFreemintCardRequest } from "@pixlings/shared/http/checkout";
import { NFT_PAGE_LIMIT, type AvailablePage, type Nft, type PixHistory } from "@pixlings/shared/http/nfts";
import type { ChainHistory, OwnerPixlings } from "@pixlings/shared/http/owners";
import type { CryptoPrices } from "@pixlings/shared/http/prices";
import type { ChainInfo } from "@pixlings/shared/http/sale";
import type { ShopInfo } from "@pixlings/shared/http/shop";
import type { Stats } from "@pixlings/shared/http/stats";
import { queryOptions } from "@tanstack/react-query";
import { parseUser } from "../auth/userSchema.ts";
import { parseCardConfig, parseCardOrder, parseCardOrderPayment, parseCardReceipt, parseFreemintCard } from "../card/cardAnswers.ts";
import { apiRequest, apiRequestOrNull } from "./apiClient.ts";

const FIVE_MINUTES = 5 * 60_000;

/** The previous answer while the same Pix is asked for under another key (e.g. with the wallet's address). */
const samePixPlaceholder =
  (tokenId: number) =>
  (previous: Nft | undefined): Nft | undefined =>
    previous?.tokenId === tokenId ? previous : undefined;

/** Query options for every GET the app makes; the key names the resource. */
export const queries = {
  user: () =>
    queryOptions({
      queryKey: ["auth", "user"],
      // No abort signal: wallet and sign-in code await this shared query outside any component.
      queryFn: async (): Promise<User | null> => {
        const answer = await apiRequestOrNull<unknown>("/api/auth/user");
        return answer === null ? null : parseUser(answer);
      },
      // Fetched once on load; sign-in and sign-out write it, refetch() re-reads it.
      staleTime: Infinity,
      gcTime: Infinity,
    }),
  stats: () => queryOptions({ queryKey: ["stats"], queryFn: ({ signal }) => apiRequest<Stats>("/api/stats", { signal }) }),
  /** Who runs the shop, its support contact and its terms' figures: set once per deployment. */
  shop: () =>
    queryOptions({
      queryKey: ["shop"],
      queryFn: ({ signal }) => apiRequest<ShopInfo>("/api/shop", { signal }),
      staleTime: Infinity,
      gcTime: Infinity,
    }),
  chains: () =>
    queryOptions({
      queryKey: ["chains"],
      queryFn: () => apiRequest<ChainInfo[]>("/api/chains"),
      staleTime: Infinity,
      gcTime: Infinity,
    }),
  cryptoPrices: () =>
    queryOptions({
      queryKey: ["crypto-prices"],
      queryFn: ({ signal }) => apiRequest<CryptoPrices>("/api/crypto-prices", { signal }),
      staleTime: FIVE_MINUTES,
      gcTime: Infinity,
      refetchInterval: FIVE_MINUTES,
    }),
  featured: () => queryOptions({ queryKey: ["nfts", "featured"], queryFn: ({ signal }) => apiRequest<Nft[]>("/api/nfts/featured", { signal }) }),
  artistPieces: () => queryOptions({ queryKey: ["nfts", "artist"], queryFn: ({ signal }) => apiRequest<Nft[]>("/api/nfts/artist", { signal }) }),
  /** A page of Pix for sale (`filter` a tier; `artistId` one artist's; `sold` listing sold ones too). */
  available: (page: number, filter: "artist" | "common" | undefined, { artistId, sold = false }: { artistId?: number | undefined; sold?: boolean } = {}) =>
    queryOptions({
      queryKey: ["nfts", "available", page, filter ?? "all", artistId ?? "any", sold],
      queryFn: ({ signal }) =>
        apiRequest<AvailablePage>(
          `/api/nfts/available?page=${page}&limit=${NFT_PAGE_LIMIT}${filter ? `&filter=${filter}` : ""}${artistId ? `&artist=${artistId}` : ""}${sold ? "&sold=include" : ""}`,
          { signal, noCache: true },
        ),
    }),
  token: (tokenId: number) =>
    queryOptions({ queryKey: ["nfts", "token", tokenId], queryFn: ({ signal }) => apiRequest<Nft>(`/api/nfts/token/${tokenId}`, { signal }) }),
  /** A Pix's mint, moves and art replacements on every chain (the indexer's). */
  tokenHistory: (tokenId: number) =>
    queryOptions({
      queryKey: ["nfts", "token", tokenId, "history"],
      queryFn: ({ signal }) => apiRequest<PixHistory>(`/api/nfts/token/${tokenId}/history`, { signal }),
    }),
  byArtist: (artistId: number) =>
    queryOptions({ queryKey: ["nfts", "by-artist", artistId], queryFn: ({ signal }) => apiRequest<Nft[]>(`/api/nfts/by-artist/${artistId}`, { signal }) }),
  ownerWallet: (address: string) =>
    queryOptions({
      queryKey: ["owner", "wallet", address.toLowerCase()],
      queryFn: ({ signal }) => apiRequest<Nft[]>(`/api/owner/wallet/${address}`, { signal }),
      gcTime: 0,
    }),
  ownerPixlings: () =>
    queryOptions({
      queryKey: ["owner", "pixlings"],
      queryFn: ({ signal }) => apiRequest<OwnerPixlings>("/api/owner/pixlings", { signal }),
      gcTime: 0,
    }),
  ownedPix: (tokenId: number, walletAddress: string | undefined) =>
    queryOptions<Nft, Error, Nft, (string | number | null)[]>({
      queryKey: ["owner", "pixlings", tokenId, walletAddress?.toLowerCase() ?? null],
      queryFn: ({ signal }) => apiRequest<Nft>(`/api/owner/pixlings/${tokenId}${walletAddress ? `?walletAddress=${walletAddress}` : ""}`, { signal }),
      gcTime: 0,
      // A wallet reconnecting after the session answered asks again: the page keeps showing the Pix (its open tab,
      // a story being typed) meanwhile instead of a spinner that remounts it. Never another Pix's answer.
      placeholderData: samePixPlaceholder(tokenId),
    }),
  /** Whether cards are offered, and how /checkout confirms a payment; a failure means no card option (the crypto path works on). */
  cardConfig: () =>
    queryOptions({
      queryKey: ["card", "config"],
      queryFn: async ({ signal }) => parseCardConfig(await apiRequest<unknown>("/api/card/config", { signal })),
      staleTime: FIVE_MINUTES,
      gcTime: Infinity,
    }),
  /** A card or freemint order of the buyer, by its id. */
  cardOrder: (orderId: string) =>
    queryOptions({
      queryKey: ["card-orders", orderId],
      queryFn: async ({ signal }) => parseCardOrder(await apiRequest<unknown>(`/api/card-orders/${encodeURIComponent(orderId)}`, { signal })),
      gcTime: 0,
    }),
  /** The client secret of the buyer's own order waiting for a card (never in a URL). */
  cardOrderPayment: (orderId: string) =>
    queryOptions({
      queryKey: ["card-orders", orderId, "payment"],
      queryFn: async ({ signal }) => parseCardOrderPayment(await apiRequest<unknown>(`/api/card-orders/${encodeURIComponent(orderId)}/payment`, { signal })),
      gcTime: 0,
      staleTime: Infinity,
      retry: false,
    }),
  /** The receipt of the buyer's own paid order. */
  cardReceipt: (orderId: string) =>
    queryOptions({
      queryKey: ["card-orders", orderId, "receipt"],
      queryFn: async ({ signal }) => parseCardReceipt(await apiRequest<unknown>(`/api/card-orders/${encodeURIComponent(orderId)}/receipt`, { signal })),
      staleTime: Infinity,
    }),
  /** What a freemint code grants now (4xx with a message when it grants nothing); the code goes in the body, never in a URL. */
  freemintCard: (code: string) =>
    queryOptions({
      queryKey: ["freemint", "cards", code],
      queryFn: async ({ signal }) => {
        const body: CheckFreemintCardRequest = { code };
        return parseFreemintCard(await apiRequest<unknown>("/api/freemint/check", { method: "POST", body, signal }));
      },
      gcTime: 0,
    }),
  chainHistory: (address: string) =>
    queryOptions({
      queryKey: ["wallet", "chain-history", address.toLowerCase()],
      queryFn: ({ signal }) => apiRequest<ChainHistory>(`/api/wallet/chain-history?address=${address}`, { signal }),
      staleTime: FIVE_MINUTES,
    }),
};
