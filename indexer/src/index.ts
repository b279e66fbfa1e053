import { ponder, type Context } from "ponder:registry";
import { activity, art, chainStats, custody, holder, minting, tierPrices, token, tokenEvent } from "ponder:schema";
import { zeroAddress, type Hex } from "viem";
import { artRows } from "./artRows.ts";

type Db = Context<"Pixlings:Transfer">["db"];
type ActivityRow = typeof activity.$inferInsert;

/** Where the chain put a log, as every activity row keeps it. */
function placeOf(chainId: number, event: { block: { number: bigint; hash: Hex; timestamp: bigint }; log: { logIndex: number }; transaction: { hash: Hex } }) {
  return {
    chainId,
    blockNumber: event.block.number,
    logIndex: event.log.logIndex,
    blockHash: event.block.hash,
    timestamp: event.block.timestamp,
    txHash: event.transaction.hash,
  };
}

/** A mint (to a wallet, or to custody for a card buyer) or a Pix leaving custody; other transfers are not activity. */
async function transferKind(db: Db, chainId: number, from: Hex, to: Hex): Promise<ActivityRow["kind"] | undefined> {
  const custodian = (await db.find(custody, { chainId }))?.address.toLowerCase();
  if (from === zeroAddress) return to.toLowerCase() === custodian ? "card_mint" : "mint";
  return from.toLowerCase() === custodian ? "mint_to_wallet" : undefined;
}

/** Adds `delta` to an address's balance on a chain; returns the change in the number of owners. */
async function adjustHolder(db: Db, chainId: number, address: Hex, delta: number): Promise<number> {
  const key = { chainId, address };
  const row = await db.find(holder, key);
  const balance = (row?.balance ?? 0) + delta;
  if (balance < 0) throw new Error(`negative balance for ${address} on chain ${chainId}`);
  if (balance === 0) {
    if (!row) return 0;
    await db.delete(holder, key);
    return -1;
  }
  if (row) {
    await db.update(holder, key).set({ balance });
    return 0;
  }
  await db.insert(holder).values({ ...key, balance });
  return 1;
}

ponder.on("Pixlings:Transfer", async ({ event, context }) => {
  const { db } = context;
  const chainId = context.chain.id;
  const { from, to } = event.args;
  const tokenId = Number(event.args.id);
  const block = event.block.number;
  const minted = from === zeroAddress ? 1 : 0;
  if (minted) {
    await db.insert(token).values({
      chainId,
      tokenId,
      owner: to,
      mintedTo: to,
      mintedBlock: block,
      mintedAt: event.block.timestamp,
      mintTxHash: event.transaction.hash,
      updatedBlock: block,
    });
  } else {
    await db.update(token, { chainId, tokenId }).set({ owner: to, updatedBlock: block });
  }
  await db.insert(tokenEvent).values({
    id: event.id,
    chainId,
    tokenId,
    kind: minted ? "mint" : "transfer",
    from: minted ? null : from,
    to,
    block,
    logIndex: event.log.logIndex,
    timestamp: event.block.timestamp,
    txHash: event.transaction.hash,
  });
  const kind = await transferKind(db, chainId, from, to);
  if (kind) await db.insert(activity).values({ ...placeOf(chainId, event), kind, tokenId, account: to });
  const owners = (minted ? 0 : await adjustHolder(db, chainId, from, -1)) + (await adjustHolder(db, chainId, to, 1));
  if (minted || owners) {
    await db
      .insert(chainStats)
      .values({ chainId, minted, owners })
      .onConflictDoUpdate((row) => ({ minted: row.minted + minted, owners: row.owners + owners }));
  }
});

ponder.on("Pixlings:ArtWritten", async ({ event, context }) => {
  const { db } = context;
  const rows = artRows({
    chainId: context.chain.id,
    firstId: event.args.firstId,
    tiers: event.args.tiers,
    art: event.args.art,
    block: event.block.number,
  });
  const [only] = rows;
  if (rows.length === 1 && only) {
    // One piece: the first write of a one-id chunk or an artist's replacement (version + 1).
    if (await db.find(art, { chainId: only.chainId, tokenId: only.tokenId })) {
      await db.insert(tokenEvent).values({
        id: event.id,
        chainId: only.chainId,
        tokenId: only.tokenId,
        kind: "art",
        from: null,
        to: null,
        block: event.block.number,
        logIndex: event.log.logIndex,
        timestamp: event.block.timestamp,
        txHash: event.transaction.hash,
      });
    }
    await db
      .insert(art)
      .values(only)
      .onConflictDoUpdate((row) => ({ ...only, version: row.version + 1 }));
  } else {
    // A chunk of up to 250 pieces, written once (the contract refuses a second write): one batch.
    await db.insert(art).values(rows);
  }
});

ponder.on("Pixlings:TierPricesSet", async ({ event, context }) => {
  const { db } = context;
  const chainId = context.chain.id;
  const prices = { common: event.args.common, rare: event.args.rare, artist: event.args.artist, updatedBlock: event.block.number };
  await db
    .insert(tierPrices)
    .values({ chainId, ...prices })
    .onConflictDoUpdate(prices);
  // The constructor sets the prices: every indexed chain gets its stats row from its first block.
  await db.insert(chainStats).values({ chainId, minted: 0, owners: 0 }).onConflictDoNothing();
});

ponder.on("Pixlings:MintingActiveSet", async ({ event, context }) => {
  const state = { active: event.args.active, updatedBlock: event.block.number };
  await context.db
    .insert(minting)
    .values({ chainId: context.chain.id, ...state })
    .onConflictDoUpdate(state);
  await context.db.insert(activity).values({ ...placeOf(context.chain.id, event), kind: event.args.active ? "sale_opened" : "sale_paused" });
});

ponder.on("Pixlings:CustodySet", async ({ event, context }) => {
  const row = { address: event.args.custody };
  await context.db
    .insert(custody)
    .values({ chainId: context.chain.id, ...row })
    .onConflictDoUpdate(row);
});
