import { COLLECTION } from "@pixlings/shared/collection";
import * as z from "zod/mini";

/** Spec section 3: an admin viewing an artist's dashboard keeps the artist and an admin-mode flag in session storage. */
const KEY = `${COLLECTION.slug}_admin_impersonation`;

export interface ImpersonationFlag {
  artistId: number;
  artistName: string;
  adminMode: true;
}

const flagSchema = z.object({ artistId: z.number(), artistName: z.string(), adminMode: z.literal(true) });

/** The tab's flag; null when none or unreadable (the server's record decides anyway). */
export function readImpersonationFlag(): ImpersonationFlag | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const parsed = raw === null ? null : flagSchema.safeParse(JSON.parse(raw));
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeImpersonationFlag(artist: { id: number; name: string }): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ artistId: artist.id, artistName: artist.name, adminMode: true } satisfies ImpersonationFlag));
  } catch {
    // Storage full or blocked: the banner still follows the server's record.
  }
}

export function clearImpersonationFlag(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}
