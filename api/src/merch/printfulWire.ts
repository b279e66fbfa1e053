import { z } from "zod";

/**
 * Printful's v1 answers as the API reads them (catalogue and mockup generator), checked before any
 * use: a field the API relies on that is missing or of another type makes the whole answer
 * unreadable (502), never a crash further on. Fields the API does not use are not checked.
 */

const id = z.number().int().positive();
const httpUrl = z.url({ protocol: /^https?$/ });

/** Printful's envelope: `{ code, result }` (errors add `error: { reason, message }`). */
export const envelope = <T extends z.ZodType>(result: T) => z.object({ code: z.literal(200), result });

export const WireError = z.object({
  code: z.number().int(),
  result: z.unknown(),
  error: z.object({ reason: z.string(), message: z.string() }).optional(),
});

const WireFile = z.object({ id: z.union([z.string(), z.number()]).transform(String), type: z.string(), title: z.string() });

export const WireProduct = z.object({
  id,
  type: z.string(),
  type_name: z.string(),
  title: z.string(),
  brand: z.string().nullable(),
  model: z.string(),
  image: httpUrl,
  variant_count: z.number().int().nonnegative(),
  files: z.array(WireFile),
  is_discontinued: z.boolean().optional(),
});
export type WireProduct = z.output<typeof WireProduct>;

export const WireVariant = z.object({
  id,
  product_id: id,
  name: z.string(),
  size: z
    .string()
    .nullable()
    .transform((size) => size ?? ""),
  color: z
    .string()
    .nullable()
    .transform((color) => color ?? ""),
  color_code: z.string().nullable(),
  image: httpUrl,
  /** Printful's price for the variant, USD as a decimal string ("13.50"). */
  price: z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, "must be a price such as 13.50"),
  in_stock: z.boolean(),
  availability_status: z.array(z.object({ region: z.string(), status: z.string() })),
});
export type WireVariant = z.output<typeof WireVariant>;

export const WireProductDetail = z.object({ product: WireProduct, variants: z.array(WireVariant) });
export type WireProductDetail = z.output<typeof WireProductDetail>;

export const WirePrintfiles = z.object({
  product_id: id,
  available_placements: z.record(z.string(), z.string()),
  printfiles: z.array(z.object({ printfile_id: id, width: id, height: id })),
  variant_printfiles: z.array(z.object({ variant_id: id, placements: z.record(z.string(), id) })),
});
export type WirePrintfiles = z.output<typeof WirePrintfiles>;

const TaskStatus = z.enum(["pending", "completed", "failed"]);

export const WireTaskCreated = z.object({ task_key: z.string().min(1), status: TaskStatus });

const WireMockup = z.object({
  placement: z.string(),
  variant_ids: z.array(id),
  mockup_url: httpUrl,
  extra: z
    .array(z.object({ title: z.string(), option: z.string(), url: httpUrl }))
    .optional()
    .transform((extra) => extra ?? []),
});

export const WireTask = z.object({
  task_key: z.string().min(1),
  status: TaskStatus,
  error: z.string().nullish(),
  mockups: z.array(WireMockup).optional(),
});
export type WireTask = z.output<typeof WireTask>;

/** The body of `POST /mockup-generator/create-task/{id}` as the API sends it. */
export interface CreateMockupTask {
  variant_ids: number[];
  format: "png" | "jpg";
  width: number;
  /** Without `position`, the image is fitted into the print area. */
  files: { placement: string; image_url: string; position?: PrintPosition }[];
}

/** The image's box inside a print area of `area_width`×`area_height` (Printful's `position`). */
export interface PrintPosition {
  area_width: number;
  area_height: number;
  width: number;
  height: number;
  top: number;
  left: number;
}
