import type { z } from "zod";
import type { HandlerContext } from "./context.ts";

export interface Route {
  method: "GET" | "POST";
  /** The path; its one capture group, if any, is the object id. */
  pattern: RegExp;
  /** `client`: the publishable key may call it too (with the PaymentIntent's client secret). */
  access: "secret" | "client";
  schema: z.ZodType;
  handle(context: HandlerContext, params: unknown, id: string): unknown;
}

export function route<S extends z.ZodType>(definition: {
  method: Route["method"];
  pattern: RegExp;
  access: Route["access"];
  schema: S;
  handle(context: HandlerContext, params: z.output<S>, id: string): unknown;
}): Route {
  return definition as Route;
}
