// What the chains say, read straight from them, beside what Ponder indexed: the indexer's tests
// compare the two (indexer/test/indexer.slow.test.ts).
import { and, asc, eq, inArray } from "@pixlings/indexer/client";
import { bytesToHex, hexToBytes, zeroAddress } from "viem";
import { decodePiece } from "@pixlings/shared/art/codec";
import { pixlingsAbi } from "@pixlings/shared/contract";
import { schema, type TestChain, type TestIndexer } from "./indexer.ts";

export interface TokenRow {
  chainId: number;
  tokenId: number;
  owner: string;
  mintedTo: string;
  mintedBlock: bigint;
  mintedAt: bigint;
  mintTxHash: string;
  updatedBlock: bigint;
}

interface ArtState {
  tokenId: number;
  tier: number;
  palette: number[];
  pixels: string;
  version: number;
}

/** What the chain says, independently of Ponder: Transfer and ArtWritten logs, ownerOf, artOf. */
export async function chainState(c: TestChain, artIds: readonly number[]) {
  const pc = c.clients.publicClient;
  const fromBlock = BigInt(c.deployBlock);
  const transfers = await pc.getContractEvents({ address: c.address, abi: pixlingsAbi, eventName: "Transfer", fromBlock });
  const tokens = new Map<number, TokenRow>();
  for (const log of transfers) {
    const tokenId = Number(log.args.id);
    const owner = log.args.to!.toLowerCase();
    const known = tokens.get(tokenId);
    if (known) {
      tokens.set(tokenId, { ...known, owner, updatedBlock: log.blockNumber });
    } else {
      const block = await pc.getBlock({ blockNumber: log.blockNumber });
      tokens.set(tokenId, {
        chainId: c.chainId,
        tokenId,
        owner,
        mintedTo: owner,
        mintedBlock: log.blockNumber,
        mintedAt: block.timestamp,
        mintTxHash: log.transactionHash,
        updatedBlock: log.blockNumber,
      });
    }
  }
  for (const row of tokens.values()) {
    const owner = await pc.readContract({ address: c.address, abi: pixlingsAbi, functionName: "ownerOf", args: [BigInt(row.tokenId)] });
    if (owner.toLowerCase() !== row.owner) throw new Error(`logs and ownerOf disagree on token ${row.tokenId}`);
  }
  const supply = await pc.readContract({ address: c.address, abi: pixlingsAbi, functionName: "totalSupply" });
  if (supply !== BigInt(tokens.size)) throw new Error(`totalSupply ${supply} but ${tokens.size} minted in the logs`);

  const writes = await pc.getContractEvents({ address: c.address, abi: pixlingsAbi, eventName: "ArtWritten", fromBlock });
  const versions = new Map<number, number>();
  // A Pix's history (the indexer's token_event): every Transfer, and every one-piece write over art it already had.
  const events: TokenEventState[] = transfers.map((log) => ({
    tokenId: Number(log.args.id),
    kind: log.args.from === zeroAddress ? "mint" : "transfer",
    from: log.args.from === zeroAddress ? null : log.args.from!.toLowerCase(),
    to: log.args.to!.toLowerCase(),
    block: log.blockNumber,
    logIndex: log.logIndex,
    txHash: log.transactionHash,
  }));
  for (const log of writes) {
    const first = Number(log.args.firstId);
    const count = (log.args.tiers!.length - 2) / 2;
    if (count === 1 && versions.has(first)) {
      events.push({ tokenId: first, kind: "art", from: null, to: null, block: log.blockNumber, logIndex: log.logIndex, txHash: log.transactionHash });
    }
    for (let id = first; id < first + count; id++) versions.set(id, (versions.get(id) ?? 0) + 1);
  }
  events.sort((a, b) => (a.block === b.block ? a.logIndex - b.logIndex : a.block < b.block ? -1 : 1));
  const art: ArtState[] = [];
  for (const tokenId of artIds) {
    const id = BigInt(tokenId);
    const [tier, blob] = await Promise.all([
      pc.readContract({ address: c.address, abi: pixlingsAbi, functionName: "tierOf", args: [id] }),
      pc.readContract({ address: c.address, abi: pixlingsAbi, functionName: "artOf", args: [id] }),
    ]);
    const piece = decodePiece(hexToBytes(blob));
    art.push({ tokenId, tier: Number(tier), palette: piece.palette, pixels: bytesToHex(piece.pixels), version: versions.get(tokenId) ?? 0 });
  }
  const [common, rare, artist] = await pc.readContract({ address: c.address, abi: pixlingsAbi, functionName: "tierPrices" });
  const owners = new Set([...tokens.values()].map((t) => t.owner));
  return {
    tokens: [...tokens.values()].sort((a, b) => a.tokenId - b.tokenId),
    art,
    prices: { chainId: c.chainId, common, rare, artist },
    stats: { chainId: c.chainId, minted: tokens.size, owners: owners.size },
    events,
    holders: [...owners].sort().map((address) => ({
      chainId: c.chainId,
      address,
      balance: [...tokens.values()].filter((t) => t.owner === address).length,
    })),
  };
}

/** One row of a Pix's history on a chain (the indexer's `token_event`, addresses lower case). */
interface TokenEventState {
  tokenId: number;
  kind: "mint" | "transfer" | "art";
  from: string | null;
  to: string | null;
  block: bigint;
  logIndex: number;
  txHash: string;
}

/** The same facts as Ponder indexed them, read over HTTP with @ponder/client. */
export async function indexedState(indexer: TestIndexer, chainId: number, artIds: readonly number[]) {
  const db = indexer.client.db;
  const tokens = await db.select().from(schema.token).where(eq(schema.token.chainId, chainId)).orderBy(asc(schema.token.tokenId));
  const art = await db
    .select({
      tokenId: schema.art.tokenId,
      tier: schema.art.tier,
      palette: schema.art.palette,
      pixels: schema.art.pixels,
      version: schema.art.version,
    })
    .from(schema.art)
    .where(and(eq(schema.art.chainId, chainId), inArray(schema.art.tokenId, [...artIds])))
    .orderBy(asc(schema.art.tokenId));
  const [prices] = await db
    .select({ chainId: schema.tierPrices.chainId, common: schema.tierPrices.common, rare: schema.tierPrices.rare, artist: schema.tierPrices.artist })
    .from(schema.tierPrices)
    .where(eq(schema.tierPrices.chainId, chainId));
  const [stats] = await db.select().from(schema.chainStats).where(eq(schema.chainStats.chainId, chainId));
  const holders = await db.select().from(schema.holder).where(eq(schema.holder.chainId, chainId)).orderBy(asc(schema.holder.address));
  const artCount = (await db.select({ tokenId: schema.art.tokenId }).from(schema.art).where(eq(schema.art.chainId, chainId))).length;
  const events: TokenEventState[] = (
    await db
      .select({
        tokenId: schema.tokenEvent.tokenId,
        kind: schema.tokenEvent.kind,
        from: schema.tokenEvent.from,
        to: schema.tokenEvent.to,
        block: schema.tokenEvent.block,
        logIndex: schema.tokenEvent.logIndex,
        txHash: schema.tokenEvent.txHash,
      })
      .from(schema.tokenEvent)
      .where(eq(schema.tokenEvent.chainId, chainId))
      .orderBy(asc(schema.tokenEvent.block), asc(schema.tokenEvent.logIndex))
  ).map((row) => ({ ...row, kind: row.kind as TokenEventState["kind"], block: BigInt(row.block) }));
  return { tokens, art, prices, stats, holders, artCount, events };
}
