import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { SUBMISSION_LIMITS, type PixelArt } from "@pixlings/shared/http/submissions";
import { checkArtwork } from "./artworkSource.ts";
import { newDrawing, paint } from "./drawing.ts";
import { buildSubmission, buildSubmissionEdit, checkSubmissionText } from "./submissionRules.ts";

const drawn = paint(newDrawing(), 40, 8);
const png = (bytes = 100, type = "image/png") => new File([new Uint8Array(bytes)], "piece.png", { type });
const missing = (what: string) => ({ title: "Missing Information", description: `Please provide ${what} for your artwork.` });

describe("the Submit Artwork form", () => {
  it("needs a name and a piece, and names only what is missing: a blank drawing or no file is missing", () => {
    const noName = { ok: false, problem: missing("a name"), field: "name" };
    const noImage = { ok: false, problem: missing("an image"), field: "artwork" };
    assert.deepEqual(buildSubmission({ name: "", description: "", source: { kind: "draw", drawing: drawn } }), noName);
    assert.deepEqual(buildSubmission({ name: "   ", description: "", source: { kind: "upload", file: png() } }), noName);
    assert.deepEqual(buildSubmission({ name: "Sun", description: "", source: { kind: "draw", drawing: newDrawing() } }), noImage);
    assert.deepEqual(buildSubmission({ name: "Sun", description: "", source: { kind: "upload", file: null } }), noImage);
    // Both missing: the spec's sentence, and the name first.
    assert.deepEqual(buildSubmission({ name: " ", description: "", source: { kind: "upload", file: null } }), {
      ok: false,
      problem: { title: "Missing Information", description: "Please provide a name and image for your artwork." },
      field: "name",
    });
  });

  it("sends a drawing as the contract's `art` field: canonical palette and 81 indices", () => {
    const built = buildSubmission({ name: "  Sun  ", description: " warm ", source: { kind: "draw", drawing: drawn } });
    assert.ok(built.ok);
    assert.equal(built.form.get("name"), "Sun");
    assert.equal(built.form.get("description"), "warm");
    assert.equal(built.form.get("image"), null);
    const art = JSON.parse(String(built.form.get("art"))) as PixelArt;
    assert.deepEqual(art.palette, ["#fff1e8", "#ff004d"]);
    assert.equal(art.pixels.length, 81);
    assert.equal(art.pixels[40], 1);
    assert.equal(art.pixels.filter((p) => p === 1).length, 1);
  });

  it("sends a file as `image`, and no description when it is blank", () => {
    const file = png();
    const built = buildSubmission({ name: "Sun", description: "  ", source: { kind: "upload", file } });
    assert.ok(built.ok);
    assert.equal(built.form.get("description"), null);
    assert.equal(built.form.get("art"), null);
    const sent = built.form.get("image");
    assert.ok(sent instanceof File);
    assert.equal(sent.name, "piece.png");
    assert.equal(sent.size, 100);
  });

  it("refuses a file that declares no accepted image type, or is over 2 MB", () => {
    assert.deepEqual(checkArtwork({ kind: "upload", file: png(100, "image/svg+xml") }), {
      ok: false,
      missing: false,
      title: "Unsupported image",
      description: "Please choose a PNG, JPEG, GIF, WebP, AVIF or TIFF image.",
    });
    assert.deepEqual(checkArtwork({ kind: "upload", file: png(100, "text/plain") }).ok, false);
    assert.equal(checkArtwork({ kind: "upload", file: png(SUBMISSION_LIMITS.uploadMaxBytes) }).ok, true);
    assert.deepEqual(checkArtwork({ kind: "upload", file: png(SUBMISSION_LIMITS.uploadMaxBytes + 1) }), {
      ok: false,
      missing: false,
      title: "Image too large",
      description: "The image can be at most 2 MB.",
    });
  });

  it("keeps name and description within the contract's limits", () => {
    assert.equal(checkSubmissionText("n".repeat(50), "d".repeat(500)), null);
    assert.deepEqual(checkSubmissionText("n".repeat(51), ""), { title: "Name too long", description: "The name can have at most 50 characters." });
    assert.deepEqual(checkSubmissionText("", "d".repeat(501)), {
      title: "Description too long",
      description: "The description can have at most 500 characters.",
    });
    const built = buildSubmission({ name: "n".repeat(51), description: "", source: { kind: "draw", drawing: drawn } });
    assert.equal(built.ok, false);
  });
});

describe("editing a submission", () => {
  it("needs a name; a blank description clears it", () => {
    assert.deepEqual(buildSubmissionEdit(7, { name: " ", description: "x", replacement: null }), {
      ok: false,
      problem: { title: "Missing Information", description: "Please provide a name for your artwork." },
    });
    assert.deepEqual(buildSubmissionEdit(7, { name: " Moon ", description: "  ", replacement: null }), {
      ok: true,
      patch: { name: "Moon", description: null },
      upload: null,
    });
  });

  it("sends a new piece with the submission's id, and asks for one when the replacement is left empty", () => {
    const edit = buildSubmissionEdit(7, { name: "Moon", description: "", replacement: { kind: "draw", drawing: drawn } });
    assert.ok(edit.ok && edit.upload);
    assert.equal(edit.upload.get("submissionId"), "7");
    assert.equal((JSON.parse(String(edit.upload.get("art"))) as PixelArt).pixels.length, 81);
    const empty = buildSubmissionEdit(7, { name: "Moon", description: "", replacement: { kind: "upload", file: null } });
    assert.deepEqual(empty, {
      ok: false,
      problem: { title: "Missing Information", description: "Please draw or choose the new image, or keep the current one." },
    });
    const svg = buildSubmissionEdit(7, { name: "Moon", description: "", replacement: { kind: "upload", file: png(10, "image/svg+xml") } });
    assert.equal(!svg.ok && svg.problem.title, "Unsupported image");
  });
});
