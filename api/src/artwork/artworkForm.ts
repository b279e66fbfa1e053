import type { Request, RequestHandler } from "express";
import multer from "multer";
import type { Art } from "@pixlings/shared/art/codec";
import { fromPixelArt } from "@pixlings/shared/art/pixelArt";
import { SUBMISSION_FORM_FIELDS, SUBMISSION_LIMITS, type PixelArt } from "@pixlings/shared/http/submissions";
import { badRequest, CodedError, HttpError } from "../http/HttpError.ts";
import { convertUpload } from "./convertUpload.ts";

const { uploadMaxBytes } = SUBMISSION_LIMITS;

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: uploadMaxBytes, files: 1, fields: 8, fieldSize: 16 * 1024, parts: 9, headerPairs: 50 },
}).single(SUBMISSION_FORM_FIELDS.image);

/** Multer's refusals as the contract's answers: a file over the limit is 413 `image_too_large`, the rest 400. */
function translate(error: unknown): HttpError {
  if (error instanceof multer.MulterError) {
    if (error.code === "LIMIT_FILE_SIZE") {
      return new CodedError(`The image is too large: at most ${uploadMaxBytes / 1024 / 1024} MB`, { code: "image_too_large", maxBytes: uploadMaxBytes });
    }
    if (error.code === "LIMIT_UNEXPECTED_FILE") return badRequest(`Send the image file as the "${SUBMISSION_FORM_FIELDS.image}" field (one file)`);
    return badRequest(`Malformed upload: ${error.message}`);
  }
  return badRequest("Malformed multipart/form-data body");
}

/**
 * Middleware: a multipart/form-data body (one file `image` of at most 2 MB held in memory, a few
 * short text fields) becomes `req.file` and `req.body`; a JSON body passes as parsed. Anything
 * else is 415.
 */
export function artworkForm(): RequestHandler {
  return (req, res, next) => {
    if (req.is("multipart/form-data")) {
      upload(req, res, (error?: unknown) => next(error === undefined ? undefined : translate(error)));
      return;
    }
    if (req.is("application/json") || !req.headers["content-type"]) return next();
    next(new HttpError(415, "Send multipart/form-data (an image file) or application/json (drawn art)"));
  };
}

/** The drawn piece of a form: the `art` field (a JSON string in a multipart form, an object in JSON). */
function drawnArt(value: unknown): Art {
  let parsed: unknown = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw badRequest('art must be JSON: { palette: ["#rrggbb", ...], pixels: [81 indices] }');
    }
  }
  if (typeof parsed !== "object" || parsed === null) throw badRequest('art must be { palette: ["#rrggbb", ...], pixels: [81 indices] }');
  const art = fromPixelArt(parsed as PixelArt);
  if ("problem" in art) throw badRequest(`Invalid art: ${art.problem}`);
  return art;
}

/**
 * The piece a request carries after artworkForm: the uploaded `image` converted (convertUpload:
 * refused with the exact reason), or the drawn `art`; undefined when it has neither, 400 for both.
 */
export async function artworkOf(req: Request): Promise<Art | undefined> {
  const file = req.file;
  const art = (req.body as Record<string, unknown> | undefined)?.[SUBMISSION_FORM_FIELDS.art];
  if (file && art !== undefined && art !== "") throw badRequest("Send either an image file or drawn art, not both");
  if (file) return convertUpload(file.buffer);
  if (art !== undefined && art !== "") return drawnArt(art);
  return undefined;
}
