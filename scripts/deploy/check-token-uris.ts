import {
  BaseError,
  ContractFunctionRevertedError,
  encodeAbiParameters,
  hexToBigInt,
  keccak256,
  numberToHex,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { COLLECTION } from "../../shared/src/collection.ts";
import { pixlingsAbi } from "../../shared/src/contract.ts";
import { tokenUriProblem, type ExpectedTokens } from "./expected-tokens.ts";

/**
 * Storage slot of PackedERC721's `_recordWords` mapping in Pixlings: storage starts with the most
 * base contract, OwnableRoles2Step (`_owner`, `_pendingOwner`, `_roles`: slots 0-2), then
 * PackedERC721, whose first variable this is. check-token-uris.test.ts pins it against a mint.
 */
export const RECORD_WORDS_SLOT = 3n;
const RECORDS_PER_WORD = 10;
const RECORD_BITS = 24n;
const RECORD_MASK = 0xffffffn;
/** Owner index 1 in a record (bits 2-23); any non-zero index makes a Pix "minted" for tokenURI. */
const OWNER_INDEX_ONE = 1n << 2n;

export interface TokenUriFailure {
  id: number;
  reason: string;
}

export interface TokenUriCheck {
  checked: number;
  /** Sorted by id; empty when every tokenURI rendered as expected. */
  failures: TokenUriFailure[];
  ms: number;
}

/** Every id of the collection, 1..9999. */
export function allTokenIds(): number[] {
  return Array.from({ length: COLLECTION.totalSupply }, (_, i) => COLLECTION.firstTokenId + i);
}

export function recordWordSlot(word: number): Hex {
  return keccak256(encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [BigInt(word), RECORD_WORDS_SLOT]));
}

/** A record word in which every unminted record has owner index 1, tiers untouched. */
export function wordWithEveryRecordMinted(word: bigint): bigint {
  let value = word;
  for (let i = 0n; i < BigInt(RECORDS_PER_WORD); i++) {
    const shift = i * RECORD_BITS;
    if (((value >> shift) & RECORD_MASK) >> 2n === 0n) value |= OWNER_INDEX_ONE << shift;
  }
  return value;
}

function revertOf(error: unknown): ContractFunctionRevertedError | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const revert = error.walk((e) => e instanceof ContractFunctionRevertedError);
  return revert instanceof ContractFunctionRevertedError ? revert : undefined;
}

/** "250-252, 300, 9000-9999": ids (sorted) as ranges, at most `limit` of them. */
export function describeIds(ids: readonly number[], limit = 20): string {
  const ranges: [number, number][] = [];
  for (const id of ids) {
    const last = ranges.at(-1);
    if (last && id === last[1] + 1) last[1] = id;
    else ranges.push([id, id]);
  }
  const shown = ranges.slice(0, limit).map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`));
  const rest = ranges.slice(limit).reduce((n, [a, b]) => n + b - a + 1, 0);
  return rest > 0 ? `${shown.join(", ")} and ${rest} more` : shown.join(", ");
}

/**
 * Reads `tokenURI(id)` of every id with eth_call on the chain and compares it with the uploaded
 * art (`expected`). `tokenURI` reverts for unminted ids, so each call overrides the Pix's record
 * word (eth_call state override) to give it an owner; art, tier and renderer are the chain's own.
 * `wordsInFlight` record words (10 ids each) are checked at once; the ids of one word are sent
 * together. A revert or a wrong URI is a failure; an RPC error aborts. `onProgress` gets
 * (ids done, ids total); a throw from it aborts the check.
 */
export async function checkTokenUris(p: {
  publicClient: PublicClient;
  address: Address;
  expected: ExpectedTokens;
  ids?: readonly number[];
  wordsInFlight?: number;
  onProgress?: (done: number, total: number) => void;
}): Promise<TokenUriCheck> {
  const started = performance.now();
  const ids = p.ids ?? allTokenIds();
  const byWord = new Map<number, number[]>();
  for (const id of ids) {
    const word = Math.floor(id / RECORDS_PER_WORD);
    const group = byWord.get(word);
    if (group) group.push(id);
    else byWord.set(word, [id]);
  }
  const words = [...byWord.keys()];
  const failures: TokenUriFailure[] = [];
  let done = 0;
  let next = 0;
  let aborted = false;

  const checkId = async (id: number, stateDiff: { slot: Hex; value: Hex }[]): Promise<void> => {
    let uri: string;
    try {
      uri = await p.publicClient.readContract({
        address: p.address,
        abi: pixlingsAbi,
        functionName: "tokenURI",
        args: [BigInt(id)],
        stateOverride: [{ address: p.address, stateDiff }],
      });
    } catch (error) {
      const revert = revertOf(error);
      if (!revert) throw error;
      if (revert.data?.errorName === "TokenNotMinted") {
        throw new Error(
          `tokenURI(${id}) says TokenNotMinted although the call gave it an owner: has the storage layout changed (RECORD_WORDS_SLOT in scripts/deploy/check-token-uris.ts)?`,
        );
      }
      failures.push({ id, reason: `reverts ${revert.data?.errorName ?? revert.reason ?? revert.signature ?? "without a reason"}` });
      return;
    }
    const problem = tokenUriProblem(id, uri, p.expected.get(id));
    if (problem) failures.push({ id, reason: problem });
  };

  const worker = async (): Promise<void> => {
    while (!aborted && next < words.length) {
      const word = words[next++]!;
      const slot = recordWordSlot(word);
      const stored = await p.publicClient.getStorageAt({ address: p.address, slot });
      const value = numberToHex(wordWithEveryRecordMinted(hexToBigInt(stored ?? "0x0")), { size: 32 });
      const wordIds = byWord.get(word)!;
      await Promise.all(wordIds.map((id) => checkId(id, [{ slot, value }])));
      done += wordIds.length;
      p.onProgress?.(done, ids.length);
    }
  };

  const workers = Array.from({ length: Math.max(1, Math.min(p.wordsInFlight ?? 20, words.length)) }, () =>
    worker().catch((error: unknown) => {
      aborted = true;
      throw error;
    }),
  );
  // Every worker settles before the check returns or throws, so no call outlives it.
  const settled = await Promise.allSettled(workers);
  const failed = settled.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  failures.sort((a, b) => a.id - b.id);
  return { checked: ids.length, failures, ms: performance.now() - started };
}
