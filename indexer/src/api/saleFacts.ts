import { sql } from "ponder";
import { z } from "zod";

/** One sale decision's question: the ids, the chain of their tiers and prices, the buyer. */
const SaleFactsRequest = z.object({
  chainId: z.number().int().nonnegative(),
  tokenIds: z.array(z.number().int().min(1).max(9999)).max(9999),
  address: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
});

/** POST /sale-facts body: several decisions, answered by one statement. */
export const SaleFactsBody = z.object({ requests: z.array(SaleFactsRequest).min(1).max(64) });
export type SaleFactsBody = z.infer<typeof SaleFactsBody>;

const list = (values: readonly (number | string)[]) =>
  values.length === 0
    ? sql`NULL`
    : sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      );

/**
 * Everything the API's sales decide on, in ONE statement so that it is one snapshot: each chain's
 * latest and finalized indexed checkpoint (Ponder's own `_ponder_checkpoint`) and minting state,
 * the mints of the ids, the Pix minted to each buyer, the ids' tiers and the prices. Rows are
 * `{ kind, chain_id, token_id, a, b, c }`; the API reads them (api/src/indexer/queries/readSaleFacts.ts).
 */
export function saleFactsQuery({ requests }: SaleFactsBody) {
  const ids = list([...new Set(requests.flatMap((r) => r.tokenIds))]);
  const chains = list([...new Set(requests.map((r) => r.chainId))]);
  const addresses = list([...new Set(requests.flatMap((r) => (r.address ? [r.address.toLowerCase()] : [])))]);
  return sql`SELECT 'checkpoint' AS kind, chain_id::integer AS chain_id, NULL::integer AS token_id, latest_checkpoint AS a, finalized_checkpoint AS b, NULL AS c FROM _ponder_checkpoint
    UNION ALL SELECT 'minting', chain_id, NULL, active::text, NULL, NULL FROM minting
    UNION ALL SELECT 'minted', chain_id, token_id, minted_block::text, NULL, NULL FROM token WHERE token_id IN (${ids})
    UNION ALL SELECT 'count', NULL, NULL, count(*)::text, minted_to, NULL FROM token WHERE minted_to IN (${addresses}) GROUP BY minted_to
    UNION ALL SELECT 'tier', chain_id, token_id, tier::text, NULL, NULL FROM art WHERE chain_id IN (${chains}) AND token_id IN (${ids})
    UNION ALL SELECT 'prices', chain_id, NULL, common::text, rare::text, artist::text FROM tier_prices WHERE chain_id IN (${chains})`;
}
