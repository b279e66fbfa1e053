import type { IndexerReader, MintedToken } from "../indexer/indexerReader.ts";
import type { MintedIndex } from "../market/tokenMirror.ts";

/** Ids per mint-time read: a first read of a sold-out collection is 20 small queries, later ones only the new mints. */
const READ_BATCH = 500;

/**
 * The "recently minted" order of the whole catalogue (`ids`): minted Pix newest first (ties by
 * id), then the unminted ones by id. Mint times are read from the indexer once per mint: the
 * mirror keeps a token's object while its row is unchanged, so a time is remembered by that
 * object, and a re-mint after a reorg (a new row) is read again.
 */
export function createMintOrder(indexer: Pick<IndexerReader, "mintTimes">): (minted: MintedIndex, ids: Uint16Array) => Promise<Uint16Array> {
  const times = new WeakMap<MintedToken, number>();
  let last: { minted: MintedIndex; ids: Uint16Array; order: Promise<Uint16Array> } | undefined;

  const readTimes = async (tokens: readonly MintedToken[]): Promise<void> => {
    for (let start = 0; start < tokens.length; start += READ_BATCH) {
      const batch = tokens.slice(start, start + READ_BATCH);
      const read = await indexer.mintTimes(batch.map((token) => token.tokenId));
      for (const token of batch) {
        const at = read.get(token.tokenId);
        if (at) times.set(token, at.getTime());
      }
    }
  };

  const build = async (minted: MintedIndex, ids: Uint16Array): Promise<Uint16Array> => {
    await readTimes([...minted.byToken.values()].filter((token) => !times.has(token)));
    // A time the indexer did not give (a row gone meanwhile) sorts as oldest; it is asked again next time.
    const timeOf = (id: number): number | undefined => {
      const token = minted.byToken.get(id);
      return token && (times.get(token) ?? 0);
    };
    const sold = [...ids].filter((id) => timeOf(id) !== undefined).sort((a, b) => timeOf(b)! - timeOf(a)! || a - b);
    const unsold = [...ids].filter((id) => timeOf(id) === undefined).sort((a, b) => a - b);
    return Uint16Array.from([...sold, ...unsold]);
  };

  return (minted, ids) => {
    if (last && last.minted === minted && last.ids === ids) return last.order;
    const order = build(minted, ids);
    const entry = { minted, ids, order };
    last = entry;
    // A failed read is not kept: the next request reads again.
    order.catch(() => {
      if (last === entry) last = undefined;
    });
    return order;
  };
}
