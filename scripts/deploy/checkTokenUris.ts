import {
  BaseError,
  decodeErrorResult,
  encodeAbiParameters,
  encodeFunctionData,
  hexToBigInt,
  isHex,
  keccak256,
  numberToHex,
  RpcRequestError,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { COLLECTION } from "@pixlings/shared/collection";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { tokenUriProblem, type ExpectedTokens } from "./expectedTokens.ts";

/**
 * Storage slot of PackedERC721's `_recordWords` mapping in Pixlings: storage starts with the most
 * base contract, OwnableRoles2Step (`_owner`, `_pendingOwner`, `_roles`: slots 0-2), then
 * PackedERC721, whose first variable this is. check-token-uris.test.ts pins it against a mint.
 */
const RECORD_WORDS_SLOT = 3n;
const RECORDS_PER_WORD = 10;
const RECORD_BITS = 24n;
const RECORD_MASK = 0xffffffn;
/** Holder index 1 in a record (bits 3-23; bit 2 is the approved flag); any non-zero index makes a Pix "minted" for tokenURI. */
const INDEX_SHIFT = 3n;
const OWNER_INDEX_ONE = 1n << INDEX_SHIFT;

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
    if (((value >> shift) & RECORD_MASK) >> INDEX_SHIFT === 0n) value |= OWNER_INDEX_ONE << shift;
  }
  return value;
}

/** The revert data of an eth_call that reverted (JSON-RPC error 3), or undefined for any other error. */
function revertDataOf(error: unknown): Hex | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const rpc = error.walk((e) => e instanceof RpcRequestError && e.code === 3);
  if (!(rpc instanceof RpcRequestError)) return undefined;
  const data = (rpc as RpcRequestError & { data?: unknown }).data;
  return typeof data === "string" && isHex(data) ? data : "0x";
}

function revertName(data: Hex): string {
  try {
    return decodeErrorResult({ abi: pixlingsAbi, data }).errorName;
  } catch {
    return data === "0x" ? "without data" : `with unknown data ${data.slice(0, 10)}`;
  }
}

/**
 * The string an eth_call of a `returns (string)` function answered (ABI: offset 32, length,
 * bytes). Decoded here rather than by viem: 9,999 results of ~3 kB took a second of CPU there.
 */
export function decodeStringResult(result: Hex): string {
  const bytes = Buffer.from(result.slice(2), "hex");
  if (bytes.length < 64 || bytes.readBigUInt64BE(24) !== 32n || bytes.subarray(0, 24).some((b) => b !== 0)) {
    throw new RangeError("not an ABI-encoded string");
  }
  if (bytes.subarray(32, 56).some((b) => b !== 0)) throw new RangeError("string length out of range");
  const length = Number(bytes.readBigUInt64BE(56));
  if (64 + length > bytes.length) throw new RangeError("string runs past the result");
  return bytes.subarray(64, 64 + length).toString("utf8");
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

  const checkId = async (id: number, stateDiff: Record<Hex, Hex>): Promise<void> => {
    let result: Hex;
    try {
      result = await p.publicClient.request({
        method: "eth_call",
        params: [
          { to: p.address, data: encodeFunctionData({ abi: pixlingsAbi, functionName: "tokenURI", args: [BigInt(id)] }) },
          "latest",
          { [p.address]: { stateDiff } },
        ],
      });
    } catch (error) {
      const revert = revertDataOf(error);
      if (revert === undefined) throw error;
      const name = revertName(revert);
      if (name === "TokenNotMinted") {
        throw new Error(
          `tokenURI(${id}) says TokenNotMinted although the call gave it an owner: has the storage layout changed (RECORD_WORDS_SLOT in scripts/deploy/checkTokenUris.ts)?`,
        );
      }
      failures.push({ id, reason: `reverts ${name}` });
      return;
    }
    let uri: string;
    try {
      uri = decodeStringResult(result);
    } catch (error) {
      failures.push({ id, reason: `returns no string (${(error as Error).message})` });
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
      await Promise.all(wordIds.map((id) => checkId(id, { [slot]: value })));
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
