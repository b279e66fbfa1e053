import type { NextFunction, Request, RequestHandler, Response } from "express";
import { z } from "zod";
import { parseInput } from "./parseInput.ts";

/** Accepts any query and params and ignores them (cache-busting `?t=` etc.). */
const ignored = z.object({});

export interface RouteSchemas<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType> {
  body?: B;
  query?: Q;
  params?: P;
}

export interface RouteInput<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType> {
  body: z.output<B>;
  query: z.output<Q>;
  params: z.output<P>;
}

/**
 * An Express handler whose body, query and params are validated with zod first (400 with a
 * readable `{ message }` on failure). Routes without a body schema ignore any body sent.
 * `R` is the answer's type in the HTTP contract (`@pixlings/shared/http/*`), named by the handler
 * as `res: Response<R>`: `res.json` takes only that; a handler that names none cannot send a body.
 */
export function route<B extends z.ZodType = z.ZodUndefined, Q extends z.ZodType = typeof ignored, P extends z.ZodType = typeof ignored, R = never>(
  schemas: RouteSchemas<B, Q, P>,
  handler: (input: RouteInput<B, Q, P>, req: Request, res: Response<R>, next: NextFunction) => Promise<void> | void,
): RequestHandler {
  return async (req, res, next) => {
    const input = {
      body: schemas.body ? parseInput(schemas.body, req.body ?? {}, "body") : undefined,
      query: parseInput(schemas.query ?? ignored, req.query, "query"),
      params: parseInput(schemas.params ?? ignored, req.params, "params"),
    } as RouteInput<B, Q, P>;
    await handler(input, req, res, next);
  };
}
