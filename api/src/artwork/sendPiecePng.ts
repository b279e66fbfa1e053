import type { Response } from "express";
import { z } from "zod";
import type { Art } from "@pixlings/shared/art/codec";
import { COLLECTION } from "@pixlings/shared/collection";
import { SUBMISSION_IMAGE_SIZES } from "@pixlings/shared/http/submissions";
import { artToPng } from "@pixlings/shared/node/png";

/** `?size=288|9` of a piece's image (default 288). */
export const imageSizeQuery = z.object({
  size: z
    .enum(SUBMISSION_IMAGE_SIZES.map(String) as [string, ...string[]], { error: `must be ${SUBMISSION_IMAGE_SIZES.join(" or ")}` })
    .transform(Number)
    .optional(),
});

/** Sends a piece that is no Pix's current art (a submission, a displaced original) as an indexed PNG, for its viewer only. */
export function sendPiecePng(res: Response<Buffer>, art: Art, size: number | undefined, cacheControl: string): void {
  res
    .set({ "Cache-Control": cacheControl, "X-Content-Type-Options": "nosniff" })
    .type("image/png")
    .send(artToPng(art, (size ?? COLLECTION.scaledSize) / COLLECTION.gridSize));
}
