import type { z } from "zod";
import { badRequest } from "./HttpError.ts";

/** One readable line per zod issue: `body.signature: must be 0x-prefixed hex`. */
export function formatZodError(error: z.ZodError, where: string): string {
  return error.issues
    .map((issue) => {
      const at = [where, ...issue.path.map(String)].filter((part) => part !== "").join(".");
      return `${at}: ${issue.message}`;
    })
    .join("; ");
}

/** Parses `value` with `schema`, or throws 400 `{ message }` naming every problem. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, where: "body" | "query" | "params"): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(`Invalid request ${formatZodError(result.error, where)}`);
  return result.data;
}
