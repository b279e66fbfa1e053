import { z } from "zod";
import type { HandlerContext } from "./context.ts";
import type { StripeEvent } from "./objects.ts";
import { formInteger } from "./params.ts";
import { invalidRequest, resourceMissing } from "./stripeError.ts";

export const ListEventsParams = z.strictObject({
  limit: formInteger(1)
    .refine((limit) => limit <= 100, "limit must be between 1 and 100")
    .optional(),
  /** An exact type, or a prefix with `*` (`payment_intent.*`). */
  type: z.string().min(1).optional(),
  starting_after: z.string().optional(),
  ending_before: z.string().optional(),
});

export interface EventList {
  object: "list";
  data: StripeEvent[];
  has_more: boolean;
  url: "/v1/events";
}

export function retrieveEvent(context: HandlerContext, id: string): StripeEvent {
  const event = context.store.events.find((candidate) => candidate.id === id);
  if (!event) throw resourceMissing("event", id);
  return event;
}

function typeMatcher(pattern: string | undefined): (type: string) => boolean {
  if (pattern === undefined) return () => true;
  if (!pattern.endsWith("*")) return (type) => type === pattern;
  const prefix = pattern.slice(0, -1);
  return (type) => type.startsWith(prefix);
}

/** Newest first, like Stripe's list; `starting_after` pages to older events, `ending_before` to newer. */
export function listEvents(context: HandlerContext, params: z.output<typeof ListEventsParams>): EventList {
  if (params.starting_after !== undefined && params.ending_before !== undefined) {
    throw invalidRequest("You may only specify one of these parameters: ending_before, starting_after.", { param: "ending_before" });
  }
  const matches = typeMatcher(params.type);
  const newestFirst = context.store.events.filter((event) => matches(event.type)).reverse();
  const limit = params.limit ?? 10;
  const cursor = params.starting_after ?? params.ending_before;
  let page: StripeEvent[];
  let hasMore: boolean;
  if (cursor === undefined) {
    page = newestFirst.slice(0, limit);
    hasMore = newestFirst.length > limit;
  } else {
    const at = newestFirst.findIndex((event) => event.id === cursor);
    if (at < 0) throw resourceMissing("event", cursor, params.starting_after !== undefined ? "starting_after" : "ending_before");
    if (params.starting_after !== undefined) {
      page = newestFirst.slice(at + 1, at + 1 + limit);
      hasMore = newestFirst.length > at + 1 + limit;
    } else {
      page = newestFirst.slice(Math.max(0, at - limit), at);
      hasMore = at - limit > 0;
    }
  }
  return { object: "list", data: page, has_more: hasMore, url: "/v1/events" };
}
