import type { SaleFacts } from "../indexer/indexerReader.ts";
import type { SaleChain } from "../chains/saleChain.ts";
import type { SaleConfig } from "./saleConfig.ts";
import type { SaleEvents } from "./saleEvents.ts";
import { assertSalesOpen, indexerSilent } from "./salesGate.ts";
import { refuseMinted } from "./refuseMinted.ts";

/** What differs between the voucher, card and freemint paths; the order of the steps does not. */
export interface HoldPlan<Checked, Held> {
  chain: SaleChain;
  tokenIds: readonly number[];
  /** The indexer's facts before the hold, and again once it is taken (the ids it needs may differ). */
  facts(phase: "before" | "after"): Promise<SaleFacts>;
  /** The path's own refusals before holding (price, tier, funds, caps it checks early); what the hold needs. */
  check(before: SaleFacts): Promise<Checked> | Checked;
  /** Takes the hold (one transaction, the caps and the one-live-hold-per-id index); undefined: nothing new was held (a resumed order). */
  hold(checked: Checked, before: SaleFacts): Promise<Held | undefined>;
  /** The path's own refusals once held, after the common ones. */
  recheck?(after: SaleFacts): void;
  /** Gives back what `hold` took when the recheck refused; may throw the error the buyer should see instead. */
  release(held: Held, error: unknown): Promise<void>;
}

export interface HeldForSale<Checked, Held> {
  checked: Checked;
  /** undefined when `hold` held nothing new. */
  held: Held | undefined;
}

/**
 * check → hold → check again → release on a refusal, the one way every payment path holds ids:
 * only while sales are open on the chain, never for an id minted on any chain. The second check
 * runs once the ids are ours: whatever the indexer showed before the hold existed, nobody else
 * could take them after it. Every attempt that got as far as holding announces `holds` (also a
 * refused one: a conflict means someone else's hold is newer than the listings know).
 */
export async function holdForSale<Checked, Held>(
  deps: { sale: SaleConfig; events: SaleEvents },
  plan: HoldPlan<Checked, Held>,
): Promise<HeldForSale<Checked, Held>> {
  const factsOf = (phase: "before" | "after"): Promise<SaleFacts> =>
    plan.facts(phase).catch((error: unknown) => {
      throw indexerSilent(error);
    });
  const before = await factsOf("before");
  await assertSalesOpen(deps.sale, plan.chain, before.statuses);
  refuseMinted(deps.sale, before, plan.tokenIds);
  const checked = await plan.check(before);
  try {
    const held = await plan.hold(checked, before);
    if (held === undefined) return { checked, held };
    try {
      const after = await factsOf("after");
      await assertSalesOpen(deps.sale, plan.chain, after.statuses);
      refuseMinted(deps.sale, after, plan.tokenIds);
      plan.recheck?.(after);
    } catch (error) {
      await plan.release(held, error);
      throw error;
    }
    return { checked, held };
  } finally {
    deps.events.changed("holds");
  }
}
