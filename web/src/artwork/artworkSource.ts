import { ACCEPTED_IMAGE_TYPES, SUBMISSION_FORM_FIELDS, SUBMISSION_LIMITS, type PixelArt } from "@pixlings/shared/http/submissions";
import { isBlank, toPixelArt, type Drawing } from "./drawing.ts";

/** Where a piece comes from: a drawing in the 9x9 editor, or an image file (null until one is chosen). */
export type ArtworkSource = { kind: "draw"; drawing: Drawing } | { kind: "upload"; file: File | null };

/** What the form sends as the piece: the drawn art, or the file for the server to convert. */
export type ArtworkPayload = { art: PixelArt } | { image: File };

export type ArtworkCheck =
  | { ok: true; payload: ArtworkPayload }
  | { ok: false; missing: true }
  | { ok: false; missing: false; title: string; description: string };

const MEGABYTE = 1024 * 1024;

/**
 * The piece of a submission as the page can judge it: a blank drawing or no file is missing; a
 * file whose declared type is no accepted image, or over the size limit, is refused here already
 * (the server checks the bytes themselves again and explains anything else).
 */
export function checkArtwork(source: ArtworkSource): ArtworkCheck {
  if (source.kind === "draw") return isBlank(source.drawing) ? { ok: false, missing: true } : { ok: true, payload: { art: toPixelArt(source.drawing) } };
  const file = source.file;
  if (!file) return { ok: false, missing: true };
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return { ok: false, missing: false, title: "Unsupported image", description: "Please choose a PNG, JPEG, GIF, WebP, AVIF or TIFF image." };
  }
  if (file.size > SUBMISSION_LIMITS.uploadMaxBytes) {
    return { ok: false, missing: false, title: "Image too large", description: `The image can be at most ${SUBMISSION_LIMITS.uploadMaxBytes / MEGABYTE} MB.` };
  }
  return { ok: true, payload: { image: file } };
}

/** Adds the piece to a multipart body under the contract's field names. */
export function appendArtwork(form: FormData, payload: ArtworkPayload): void {
  if ("art" in payload) form.append(SUBMISSION_FORM_FIELDS.art, JSON.stringify(payload.art));
  else form.append(SUBMISSION_FORM_FIELDS.image, payload.image, payload.image.name);
}
