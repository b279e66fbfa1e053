import { z } from "zod";
import { SUBMISSION_LIMITS } from "@pixlings/shared/http/submissions";
import { storyText } from "../owners/storyText.ts";

/** A submission's name: trimmed plain text, at most 50 characters; blank is null (the caller decides if that is allowed). */
export const submissionName = storyText("name", SUBMISSION_LIMITS.nameMax, { lineBreaks: false });
/** A submission's description: trimmed plain text with line breaks, at most 500 characters; blank is null. */
export const submissionDescription = storyText("description", SUBMISSION_LIMITS.descriptionMax, { lineBreaks: true });

/** The message the spec shows when a submission lacks its name or its piece. */
export const MISSING_INFORMATION = "Missing Information: Please provide a name and image for your artwork.";

/** The text fields of a submit form (multipart strings, or JSON), unknown fields ignored. */
export const SubmitFields = z.object({
  name: submissionName.optional(),
  description: submissionDescription.optional(),
});
