import { SUBMISSION_FORM_FIELDS, SUBMISSION_LIMITS, type UpdateSubmissionRequest } from "@pixlings/shared/http/submissions";
import { appendArtwork, checkArtwork, type ArtworkSource } from "./artworkSource.ts";

/** A problem the form shows as a toast (docs/map.md#errors). */
export interface FormProblem {
  title: string;
  description: string;
}

/** The form's field a problem is about: the dialog focuses it and ties the message to it. */
export type SubmissionField = "name" | "description" | "artwork";

/** "Missing Information" naming only what is missing (the spec's sentence when both are). */
function missing(name: boolean, artwork: boolean): FormProblem {
  const what = name && artwork ? "a name and image" : name ? "a name" : "an image";
  return { title: "Missing Information", description: `Please provide ${what} for your artwork.` };
}

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
 * The "Submit Artwork" dialog (docs/map.md#validation): a name and a piece are required ("Missing
 * Information"), the description is optional; the body is `POST /api/artists/submit`'s multipart form.
 */
export function buildSubmission(draft: {
  name: string;
  description: string;
  source: ArtworkSource;
}): { ok: true; form: FormData } | { ok: false; problem: FormProblem; field: SubmissionField } {
  const name = draft.name.trim();
  const artwork = checkArtwork(draft.source);
  const noArtwork = !artwork.ok && artwork.missing;
  if (!name || noArtwork) return { ok: false, problem: missing(!name, noArtwork), field: name ? "artwork" : "name" };
  if (!artwork.ok && !artwork.missing) return { ok: false, problem: { title: artwork.title, description: artwork.description }, field: "artwork" };
  if (!artwork.ok) return { ok: false, problem: missing(false, true), field: "artwork" };
  const tooLong = checkSubmissionText(draft.name, draft.description);
  if (tooLong) return { ok: false, problem: tooLong, field: draft.name.trim().length > SUBMISSION_LIMITS.nameMax ? "name" : "description" };
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
