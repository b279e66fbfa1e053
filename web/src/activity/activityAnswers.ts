import * as z from "zod/mini";
import { CHAIN_ACTIVITY_KINDS, type ActivityCounters, type ActivityEvent, type ActivityPage } from "@pixlings/shared/http/activity";

const onChain = {
  id: z.string(),
  chainId: z.number(),
  blockNumber: z.number(),
  txHash: z.string(),
  at: z.string(),
};
const pixKinds = CHAIN_ACTIVITY_KINDS.filter((k) => k === "mint" || k === "card_mint" || k === "mint_to_wallet") as ["mint", "card_mint", "mint_to_wallet"];

const eventSchema: z.ZodMiniType<ActivityEvent> = z.union([
  z.object({ ...onChain, kind: z.enum(pixKinds), tokenId: z.number(), account: z.string() }),
  z.object({ ...onChain, kind: z.enum(["sale_opened", "sale_paused"]) }),
  z.object({ id: z.string(), kind: z.literal("art_replaced"), tokenId: z.number(), name: z.string(), artistName: z.nullable(z.string()), at: z.string() }),
]);
const countersSchema: z.ZodMiniType<ActivityCounters> = z.object({
  chains: z.array(z.object({ chainId: z.number(), minted: z.number() })),
  total: z.number(),
});
const pageSchema: z.ZodMiniType<ActivityPage> = z.object({ events: z.array(eventSchema), next: z.nullable(z.string()) });
const retractSchema = z.object({ id: z.string() });

/** What the server sent, checked where it enters the page; a wrong shape is the server's fault and says so. */
function parseWith<T>(schema: z.ZodMiniType<T>, what: string, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`The server's ${what} is not what the page expects: ${z.prettifyError(result.error)}`);
  return result.data;
}

export const parseActivityEvent = (data: string): ActivityEvent => parseWith(eventSchema, "activity event", JSON.parse(data));
export const parseCounters = (data: string): ActivityCounters => parseWith(countersSchema, "activity counters", JSON.parse(data));
export const parseRetraction = (data: string): string => parseWith(retractSchema, "retraction", JSON.parse(data)).id;
export const parseActivityPage = (value: unknown): ActivityPage => parseWith(pageSchema, "activity history", value);
