import type { CurrentImpersonation } from "@pixlings/shared/http/admin";
import {
  DISPLACED_PAGE_SIZE,
  type AdminArtists,
  type AdminNft,
  type AdminNftList,
  type AdminSubmissions,
  type AdminUser,
  type DisplacedList,
  type SUBMISSION_LIST_FILTERS,
} from "@pixlings/shared/http/admin";
import type { FreemintCard, FrozenOrder } from "@pixlings/shared/http/checkout";
import type { Submission } from "@pixlings/shared/http/submissions";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./apiClient.ts";

export type SubmissionListFilter = (typeof SUBMISSION_LIST_FILTERS)[number];

/** Spec section 9: the admin area fetches every NFT at once (and pages them in the page). */
const ADMIN_NFT_FETCH_LIMIT = 10_000;
/** Spec section 9: the admin's NFT lists show 100 a page. */
export const ADMIN_NFT_PAGE_SIZE = 100;

/** How often a running Approve & Replace is polled for its per-chain progress. */
const REPLACEMENT_POLL_MS = 500;

const running = (submission: Submission | undefined): boolean => submission?.replacement?.state === "writing" || submission?.replacement?.state === "indexing";

/** Query options of the admin area's GETs; every key starts with "admin". */
export const adminQueries = {
  /** The artist this session views the artist area as, if any (the banner on every page). */
  impersonation: () =>
    queryOptions({ queryKey: ["admin", "impersonation"], queryFn: ({ signal }) => apiRequest<CurrentImpersonation>("/api/admin/impersonation", { signal }) }),
  /** Pending (the default: awaiting review, replacements running or failed included), rejected, approved or all. */
  submissions: (status: SubmissionListFilter) =>
    queryOptions({
      queryKey: ["admin", "submissions", status],
      queryFn: ({ signal }) => apiRequest<AdminSubmissions>(`/api/admin/submissions?status=${status}`, { signal }),
    }),
  approvedSubmissions: () =>
    queryOptions({
      queryKey: ["admin", "approved-submissions"],
      queryFn: ({ signal }) => apiRequest<AdminSubmissions>("/api/admin/approved-submissions", { signal }),
    }),
  /** One submission, polled while its replacement writes or waits for the indexer. */
  submission: (id: number) =>
    queryOptions({
      queryKey: ["admin", "submission", id],
      queryFn: ({ signal }) => apiRequest<Submission>(`/api/admin/submissions/${id}`, { signal }),
      refetchInterval: (query) => (running(query.state.data) ? REPLACEMENT_POLL_MS : false),
    }),
  artists: () => queryOptions({ queryKey: ["admin", "artists"], queryFn: ({ signal }) => apiRequest<AdminArtists>("/api/admin/artists", { signal }) }),
  nfts: () =>
    queryOptions({
      queryKey: ["admin", "nfts"],
      queryFn: ({ signal }) => apiRequest<AdminNftList>(`/api/admin/nfts?limit=${ADMIN_NFT_FETCH_LIMIT}`, { signal }),
    }),
  /** One Pix with its sold lock and replacement (404 for an id without one). */
  nft: (tokenId: number) =>
    queryOptions({ queryKey: ["admin", "nft", tokenId], queryFn: ({ signal }) => apiRequest<AdminNft>(`/api/admin/nfts/${tokenId}`, { signal }) }),
  displaced: () =>
    queryOptions({
      queryKey: ["admin", "displaced"],
      queryFn: ({ signal }) => apiRequest<DisplacedList>(`/api/admin/displaced?limit=${DISPLACED_PAGE_SIZE}`, { signal }),
    }),
  freemintCards: () =>
    queryOptions({ queryKey: ["admin", "freemint-cards"], queryFn: ({ signal }) => apiRequest<FreemintCard[]>("/api/admin/freemint-cards", { signal }) }),
  /** Accounts found by email, wallet address or id. */
  users: (search: string) =>
    queryOptions({
      queryKey: ["admin", "users", search],
      queryFn: ({ signal }) => apiRequest<AdminUser[]>(`/api/admin/users?search=${encodeURIComponent(search)}`, { signal }),
    }),
  /** Card orders frozen (a dispute, an outside refund, a fraud warning) or whose payment was refused. */
  frozenOrders: () =>
    queryOptions({ queryKey: ["admin", "frozen-orders"], queryFn: ({ signal }) => apiRequest<FrozenOrder[]>("/api/admin/frozen-orders", { signal }) }),
};
