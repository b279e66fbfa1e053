import { z } from "zod";
import { invalidRequest, type StripeApiError } from "./stripeError.ts";

/** A decoded request: Stripe's bracket notation (`metadata[order]=1`, `types[0]=card`) as nested objects. */
export type Params = { [key: string]: string | Params };

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;
const FORBIDDEN_SEGMENTS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Decodes a form-encoded body or query string the way Stripe reads it. Array entries (`[0]`, `[]`)
 * stay objects keyed by index here; `formArray` turns them into arrays where a param is one.
 * Throws Stripe's 400 for a malformed key or a param given twice.
 */
export function decodeParams(encoded: string): Params {
  const root: Params = Object.create(null) as Params;
  for (const [key, value] of new URLSearchParams(encoded)) {
    const match = KEY.exec(key);
    if (!match) throw invalidRequest(`Invalid parameter name: ${key}`, { param: key });
    const segments = [match[1] ?? "", ...[...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? "")];
    let node = root;
    for (const [index, rawSegment] of segments.entries()) {
      const segment = rawSegment === "" ? String(Object.keys(node).length) : rawSegment;
      if (FORBIDDEN_SEGMENTS.has(segment)) throw invalidRequest(`Invalid parameter name: ${key}`, { param: key });
      const last = index === segments.length - 1;
      const existing = node[segment];
      if (last) {
        if (existing !== undefined) throw invalidRequest(`Received the parameter ${key} more than once`, { param: key });
        node[segment] = value;
      } else if (existing === undefined) {
        const child: Params = Object.create(null) as Params;
        node[segment] = child;
        node = child;
      } else if (typeof existing === "string") {
        throw invalidRequest(`Invalid parameter: ${key} mixes a value and a hash`, { param: key });
      } else {
        node = existing;
      }
    }
  }
  return root;
}

/** A param's name as Stripe spells it in errors: `metadata[order_id]`. */
function paramName(path: readonly PropertyKey[]): string {
  const [first, ...rest] = path.map(String);
  return `${first ?? ""}${rest.map((part) => `[${part}]`).join("")}`;
}

/** The first problem zod found, as Stripe's 400 (unknown, missing or invalid param). */
function toStripeError(error: z.ZodError): StripeApiError {
  const issue = error.issues[0];
  if (!issue) return invalidRequest("Invalid request");
  if (issue.code === "unrecognized_keys") {
    const param = paramName([...issue.path, issue.keys[0] ?? ""]);
    return invalidRequest(`Received unknown parameter: ${param}`, { param, code: "parameter_unknown" });
  }
  const param = paramName(issue.path);
  if (issue.code === "invalid_type" && issue.input === undefined) {
    return invalidRequest(`Missing required param: ${param}.`, { param, code: "parameter_missing" });
  }
  return invalidRequest(issue.message, { param, code: "parameter_invalid" });
}

/** Parses decoded params with a route's schema; Stripe's 400 on the first problem. */
export function parseParams<T extends z.ZodType>(schema: T, params: Params): z.output<T> {
  const result = schema.safeParse(params, { reportInput: true });
  if (!result.success) throw toStripeError(result.error);
  return result.data;
}

const DIGITS = /^\d+$/;

/** A whole number sent as a string, `min` and up; Stripe's wording when it is not one. */
export const formInteger = (min: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? undefined : "Invalid integer") })
    .refine((value) => DIGITS.test(value) && value.length <= 15, { error: (issue) => `Invalid integer: ${String(issue.input)}` })
    .transform(Number)
    .refine((value) => value >= min, { error: min === 1 ? "Invalid positive integer" : `Must be at least ${min}` });

export const formBoolean = z.enum(["true", "false"], { error: "Invalid boolean" }).transform((value) => value === "true");

/** An array param (`types[0]=card` or `types[]=card`), decoded as an object keyed by index. */
export const formArray = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (value !== null && typeof value === "object" && Object.keys(value).every((key) => DIGITS.test(key)) ? Object.values(value) : value),
    z.array(item, { error: "Invalid array" }),
  );

/** Stripe's metadata: up to 50 keys of up to 40 characters, values up to 500; `metadata=` means none. */
export const formMetadata = z.preprocess(
  (value) => (value === "" ? {} : value),
  z
    .record(z.string().max(40, "Metadata keys can be at most 40 characters").min(1), z.string().max(500, "Metadata values can be at most 500 characters"), {
      error: "Invalid hash",
    })
    .refine((metadata) => Object.keys(metadata).length <= 50, "Metadata can have at most 50 keys")
    .transform((metadata) => Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== ""))),
);
