import type { ActivityEvent } from "@pixlings/shared/http/activity";
import { shortAddress } from "../format/format.ts";

/** One feed line: what happened, in words (the Pix, when there is one, is linked apart). */
export function describeEvent(event: ActivityEvent, chainName: (chainId: number) => string): string {
  switch (event.kind) {
    case "mint":
      return `minted to ${shortAddress(event.account)} on ${chainName(event.chainId)}`;
    case "card_mint":
      return `bought by card, minted on ${chainName(event.chainId)}`;
    case "mint_to_wallet":
      return `moved to its buyer's wallet ${shortAddress(event.account)} on ${chainName(event.chainId)}`;
    case "art_replaced":
      return `got new art: "${event.name}"${event.artistName ? ` by ${event.artistName}` : ""}`;
    case "sale_opened":
      return `Sale opened on ${chainName(event.chainId)}`;
    case "sale_paused":
      return `Sale paused on ${chainName(event.chainId)}`;
  }
}
