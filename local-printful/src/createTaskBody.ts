import { z } from "zod";
import { badRequest } from "./printfulError.ts";

const whole = (name: string) => z.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`);
const positionNumber = z.number({ error: "must be a number" }).int("must be a whole number");

const Position = z.object({
  area_width: positionNumber.positive("must be positive"),
  area_height: positionNumber.positive("must be positive"),
  width: positionNumber.positive("must be positive"),
  height: positionNumber.positive("must be positive"),
  top: positionNumber,
  left: positionNumber,
});

/** Printful's `files[].position`: the image's box inside a print area of `area_width`×`area_height`. */
export type PrintPosition = z.output<typeof Position>;

const File = z.object({
  placement: z.string({ error: "is required" }).min(1, "is required"),
  image_url: z.url({ protocol: /^https?$/, error: "must be an http(s) URL of the print file" }),
  position: Position.optional(),
});

/** At most this many variants in one task (Printful generates a mockup per variant and placement). */
const MAX_TASK_VARIANTS = 20;

/**
 * `POST /mockup-generator/create-task/{id}`'s body, as Printful's v1 mockup generator takes it;
 * unknown fields are ignored as Printful ignores them (`option_groups`, `options`, `product_options`).
 */
export const CreateTaskBody = z.object({
  variant_ids: z
    .array(whole("variant_ids[]"), { error: "variant_ids must be a list of variant ids" })
    .min(1, "variant_ids must name at least one variant")
    .max(MAX_TASK_VARIANTS, `variant_ids: at most ${MAX_TASK_VARIANTS} variants a task`),
  format: z.enum(["jpg", "png"], { error: "format must be jpg or png" }).default("jpg"),
  width: whole("width").min(50, "width must be 50 to 2000").max(2000, "width must be 50 to 2000").default(1000),
  files: z.array(File, { error: "files must be a list of print files" }).min(1, "files must name at least one print file"),
});
export type CreateTaskBody = z.output<typeof CreateTaskBody>;

/** The body checked like Printful checks it: 400 with the first problem, in Printful's words where known. */
export function parseCreateTaskBody(body: unknown): CreateTaskBody {
  const result = CreateTaskBody.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const where = issue.path.length > 0 && !issue.message.startsWith(String(issue.path[0])) ? `${issue.path.join(".")}: ` : "";
  throw badRequest(`${where}${issue.message}`);
}
