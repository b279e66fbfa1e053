import { z } from "zod";
import { storyText } from "../owners/storyText.ts";

/** An artist's name: trimmed plain text, 1..100 characters ("Artist name is required" when blank). */
export const artistName = storyText("name", 100, { lineBreaks: false })
  .refine((name) => name !== null, "Artist name is required")
  .transform((name): string => name!);

/** An artist's email, lower-cased: the account with that verified email acts as the artist. */
export const artistEmail = z
  .string({ error: "Artist email is required" })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "must be an email address" }).max(254));

export const artistBio = storyText("bio", 1000, { lineBreaks: true });

/** http(s) only: the website is shown as a link. Blank is null. */
export const artistWebsite = z
  .string()
  .trim()
  .max(500)
  .nullable()
  .transform((value) => (value === null || value === "" ? null : value))
  .pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).nullable());

/** A slug from a name: lower-case letters, digits and dashes (ARTIST_EMAILS names artists by it). */
export function slugOf(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return slug === "" ? "artist" : slug;
}
