import { SUBMISSION_FORM_FIELDS, SUBMISSION_LIMITS, type UpdateSubmissionRequest } from "@pixlings/shared/http/submissions";
import { appendArtwork, checkArtwork, type ArtworkSource } from "./artworkSource.ts";

/** A problem the form shows as a toast (spec section 8 titles). */
export interface FormProblem {
  title: string;
  description: string;
}

const MISSING: FormProblem = { title: "Missing Information", description: "Please provide a name and image for your artwork." };

/** Name and description limits (the contract's), shared by the submit and edit forms; null when within them. */
export function checkSubmissionText(name: string, description: string): FormProblem | null {
  if (name.trim().length > SUBMISSION_LIMITS.nameMax)
    return { title: "Name too long", description: `The name can have at most ${SUBMISSION_LIMITS.nameMax} characters.` };
  if (description.trim().length > SUBMISSION_LIMITS.descriptionMax) {
    return { title: "Description too long", description: `The description can have at most ${SUBMISSION_LIMITS.descriptionMax} characters.` };
  }
  return null;
}

/**
 * The "Submit Artwork" dialog (spec section 5): a name and a piece are required ("Missing
 * Information"), the description is optional; the body is `POST /api/artists/submit`'s multipart form.
 */
export function buildSubmission(draft: {
  name: string;
  description: string;
  source: ArtworkSource;
}): { ok: true; form: FormData } | { ok: false; problem: FormProblem } {
  const name = draft.name.trim();
  const artwork = checkArtwork(draft.source);
  if (!name || (!artwork.ok && artwork.missing)) return { ok: false, problem: MISSING };
  if (!artwork.ok) return { ok: false, problem: { title: artwork.title, description: artwork.description } };
  const tooLong = checkSubmissionText(draft.name, draft.description);
  if (tooLong) return { ok: false, problem: tooLong };
  const form = new FormData();
  form.append(SUBMISSION_FORM_FIELDS.name, name);
  const description = draft.description.trim();
  if (description) form.append(SUBMISSION_FORM_FIELDS.description, description);
  appendArtwork(form, artwork.payload);
  return { ok: true, form };
}

/**
 * The edit form of a submission (name, description, optionally a new piece): the PATCH body and,
 * when a new piece is given, the multipart body of `POST /api/artists/submissions/upload-image`.
 */
export function buildSubmissionEdit(
  submissionId: number,
  draft: { name: string; description: string; replacement: ArtworkSource | null },
): { ok: true; patch: UpdateSubmissionRequest; upload: FormData | null } | { ok: false; problem: FormProblem } {
  const name = draft.name.trim();
  if (!name) return { ok: false, problem: { title: "Missing Information", description: "Please provide a name for your artwork." } };
  const tooLong = checkSubmissionText(draft.name, draft.description);
  if (tooLong) return { ok: false, problem: tooLong };
  const patch: UpdateSubmissionRequest = { name, description: draft.description.trim() || null };
  if (!draft.replacement) return { ok: true, patch, upload: null };
  const artwork = checkArtwork(draft.replacement);
  if (!artwork.ok) {
    const problem = artwork.missing ? { title: "Missing Information", description: "Please draw or choose the new image, or keep the current one." } : artwork;
    return { ok: false, problem: { title: problem.title, description: problem.description } };
  }
  const upload = new FormData();
  upload.append(SUBMISSION_FORM_FIELDS.submissionId, String(submissionId));
  appendArtwork(upload, artwork.payload);
  return { ok: true, patch, upload };
}
