import { type Impersonation, IMPERSONATION_MAX_MINUTES } from "@pixlings/shared/http/artists";
import type { SessionUser } from "../users/sessionUser.ts";
import { adminLabel } from "../audit/recordAudit.ts";

/** How long an impersonation lasts. */
export const IMPERSONATION_MAX_MS = IMPERSONATION_MAX_MINUTES * 60_000;

/** An impersonation as the admin and artist routes answer it. */
export function toImpersonation(artist: { id: number; name: string }, admin: Pick<SessionUser, "id" | "email" | "firstName">, startedAt: Date): Impersonation {
  return {
    artistId: artist.id,
    artistName: artist.name,
    admin: adminLabel(admin),
    startedAt: startedAt.toISOString(),
    endsAt: new Date(startedAt.getTime() + IMPERSONATION_MAX_MS).toISOString(),
  };
}
