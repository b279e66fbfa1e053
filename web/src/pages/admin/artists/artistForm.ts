import type { AdminArtist, CreateArtistRequest, UpdateArtistRequest } from "@pixlings/shared/http/admin";
import type { FormCheck } from "../../../components/useCheckedSubmit.ts";

/** The add and edit artist form's fields, as typed. */
export interface ArtistDraft {
  name: string;
  email: string;
  bio: string;
  website: string;
  isApproved: boolean;
  isVerified: boolean;
}

export const EMPTY_ARTIST: ArtistDraft = { name: "", email: "", bio: "", website: "", isApproved: true, isVerified: false };

export function draftOfArtist(artist: AdminArtist): ArtistDraft {
  return {
    name: artist.name,
    email: artist.email ?? "",
    bio: artist.bio ?? "",
    website: artist.website ?? "",
    isApproved: artist.isApproved,
    isVerified: artist.isVerified,
  };
}

// What browsers accept as type=email, roughly: the server checks it properly.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** The fields both forms share, trimmed (blank optional text is null); an error for a bad email or website. */
function commonFields(draft: ArtistDraft): FormCheck<Omit<CreateArtistRequest, "name">> {
  const email = draft.email.trim();
  const website = draft.website.trim();
  if (email && !EMAIL.test(email)) return { ok: false, error: "Please enter a valid email address" };
  if (website && !isWebUrl(website)) return { ok: false, error: "The website must be an http(s) address, e.g. https://example.com" };
  return { ok: true, request: { email, bio: draft.bio.trim() || null, website: website || null, isApproved: draft.isApproved, isVerified: draft.isVerified } };
}

/** Add artist (docs/map.md#validation): name and email are required. */
export function checkNewArtist(draft: ArtistDraft): FormCheck<CreateArtistRequest> {
  const name = draft.name.trim();
  if (!name || !draft.email.trim()) return { ok: false, error: "Name and email are required" };
  const common = commonFields(draft);
  return common.ok ? { ok: true, request: { name, ...common.request } } : common;
}

/** Edit artist (docs/map.md#validation): the name is required ("Artist name is required"); an emptied email is left as it was. */
export function checkArtistEdit(draft: ArtistDraft): FormCheck<UpdateArtistRequest> {
  const name = draft.name.trim();
  if (!name) return { ok: false, error: "Artist name is required" };
  const common = commonFields(draft);
  if (!common.ok) return common;
  const { email, ...rest } = common.request;
  return { ok: true, request: { name, ...rest, ...(email ? { email } : {}) } };
}
