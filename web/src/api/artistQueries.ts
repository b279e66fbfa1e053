import type { CurrentArtist, LivePixlings } from "@pixlings/shared/http/artists";
import type { ArtistSubmissions, ConversationMessage } from "@pixlings/shared/http/submissions";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, apiRequest } from "./apiClient.ts";

/** Who the session is in the artist area: `GET /api/artists/current` read as one of three answers. */
export type ArtistAccess = { kind: "artist"; artist: CurrentArtist } | { kind: "signedOut" } | { kind: "notArtist" };

/** 401 is signed out and 403 a signed-in account without an artist profile; anything else is a failure to show. */
async function fetchArtistAccess(signal: AbortSignal): Promise<ArtistAccess> {
  try {
    return { kind: "artist", artist: await apiRequest<CurrentArtist>("/api/artists/current", { signal }) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { kind: "signedOut" };
    // The page says it in the shop's own words, never the API's.
    if (error instanceof ApiError && error.status === 403) return { kind: "notArtist" };
    throw error;
  }
}

/** Query options of the artist area's GETs (and the conversations, which admins read too). */
export const artistQueries = {
  current: () => queryOptions({ queryKey: ["artists", "current"], queryFn: ({ signal }) => fetchArtistAccess(signal) }),
  submissions: () =>
    queryOptions({ queryKey: ["artists", "submissions"], queryFn: ({ signal }) => apiRequest<ArtistSubmissions>("/api/artists/submissions", { signal }) }),
  livePixlings: () =>
    queryOptions({ queryKey: ["artists", "live-pixlings"], queryFn: ({ signal }) => apiRequest<LivePixlings>("/api/artists/live-pixlings", { signal }) }),
  conversation: (submissionId: number) =>
    queryOptions({
      queryKey: ["submissions", submissionId, "conversations"],
      queryFn: ({ signal }) => apiRequest<ConversationMessage[]>(`/api/submissions/${submissionId}/conversations`, { signal }),
    }),
};
