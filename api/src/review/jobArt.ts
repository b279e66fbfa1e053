import type { Art } from "@pixlings/shared/art/codec";
import { fromStored } from "../artwork/storedArt.ts";
import type { JobRow, ReplacementRow } from "./replacementView.ts";

type ReplacementArt = Pick<ReplacementRow, "palette" | "pixels" | "oldPalette" | "oldPixels" | "oldVersion" | "abandonedAt">;
type JobOldArt = Pick<JobRow, "oldPalette" | "oldPixels" | "oldVersion">;

/** A chain's art before the approve, and its indexed version then (jobs older than these columns: the primary chain's). */
export function oldArtOfJob(replacement: ReplacementArt, job: JobOldArt): { art: Art; version: number } {
  if (job.oldPalette && job.oldPixels && job.oldVersion !== null) {
    return { art: fromStored({ palette: job.oldPalette, pixels: job.oldPixels }), version: job.oldVersion };
  }
  return { art: fromStored({ palette: replacement.oldPalette, pixels: replacement.oldPixels }), version: replacement.oldVersion };
}

/** What a chain's job writes: the submission's art, or, once the replacement is abandoned, that chain's old art. */
export function targetArtOf(replacement: ReplacementArt, job: JobOldArt): Art {
  return replacement.abandonedAt ? oldArtOfJob(replacement, job).art : fromStored(replacement);
}
