import type { TokenRow, TokenSums } from "../indexer/queries/readTokenChanges.ts";

/** The last 24 bits of a 0x address, as `readTokenChanges` sums them. */
function ownerLow24(owner: string): bigint {
  return BigInt(Number.parseInt(owner.slice(-6), 16));
}

/** `readTokenChanges`' sums, kept in memory as rows come and go. */
export class RunningSums {
  count = 0;
  maxBlock = -1n;
  idSum = 0n;
  blockSum = 0n;
  idBlockSum = 0n;
  idOwnerSum = 0n;

  add(row: TokenRow): void {
    this.#apply(row, 1n);
    if (row.updatedBlock > this.maxBlock) this.maxBlock = row.updatedBlock;
  }

  /**
   * Swaps `old` for `row` in the sums. The maximum block stays where it was, so only for a newer
   * version of the row (its block at least `old`'s).
   */
  replace(old: TokenRow, row: TokenRow): void {
    if (row.updatedBlock < old.updatedBlock) throw new RangeError(`token ${row.tokenId}: block ${row.updatedBlock} is older than ${old.updatedBlock}`);
    this.#apply(old, -1n);
    this.add(row);
  }

  equals(sums: TokenSums): boolean {
    return (
      this.count === sums.count &&
      this.maxBlock === sums.maxBlock &&
      this.idSum === sums.idSum &&
      this.blockSum === sums.blockSum &&
      this.idBlockSum === sums.idBlockSum &&
      this.idOwnerSum === sums.idOwnerSum
    );
  }

  #apply(row: TokenRow, sign: 1n | -1n): void {
    const id = BigInt(row.tokenId);
    this.count += Number(sign);
    this.idSum += sign * id;
    this.blockSum += sign * row.updatedBlock;
    this.idBlockSum += sign * id * row.updatedBlock;
    this.idOwnerSum += sign * id * ownerLow24(row.owner);
  }
}
