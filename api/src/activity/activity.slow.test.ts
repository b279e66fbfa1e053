// Live activity against two real anvil chains, a real Ponder and the real API on Postgres 15 (the
// Approve & Replace world, test-kit/src/replacementWorld.ts, for a real art replacement), plus a
// second API process (api/src/main.ts) on the same database: the stream's events for a wallet
// mint, a card mint, a Mint to Wallet, an art replacement and the sale paused and opened, in order;
// the history; a reconnect with Last-Event-ID on either process getting exactly what it missed;
// a reorg's retraction; bad input.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { getAddress, type Hash } from "viem";
import { pixlingsAbi } from "@pixlings/shared/contract";
import type { ActivityCounters, ActivityEvent, ActivityPage } from "@pixlings/shared/http/activity";
import { ARTIST_WORLD_ROLES, TEST_ARTISTS } from "@pixlings/test-kit/artistActors";
import { custodyMint, mine, testAccount, transfer, voucherMint, type TestChain } from "@pixlings/test-kit/indexer";
import { pieceOf, startReplacementWorld, type ReplacementWorld } from "@pixlings/test-kit/replacementWorld";
import { spawnApi, type ApiChild } from "@pixlings/test-kit/spawnApi";
import { openSse, type SseConnection, type SseMessage } from "@pixlings/test-kit/sseReader";

const buyer = testAccount("activity-buyer");
const collector = testAccount("activity-collector");

const eventOf = (m: SseMessage): ActivityEvent => JSON.parse(m.data) as ActivityEvent;
const isActivity = (m: SseMessage): boolean => m.event === "activity";
const summary = (e: ActivityEvent): string =>
  e.kind === "art_replaced" ? `art_replaced ${e.tokenId}` : `${e.kind}${"tokenId" in e ? ` ${e.tokenId}` : ""} ${e.chainId}`;
const activityOf = (s: SseConnection, from = 0): ActivityEvent[] => s.messages.slice(from).filter(isActivity).map(eventOf);
const ready = (m: SseMessage): boolean => m.event === "ready";

async function setSale(c: TestChain, active: boolean): Promise<Hash> {
  const hash = await c.clients.walletClient.writeContract({ address: c.address, abi: pixlingsAbi, functionName: "setMintingActive", args: [active] });
  await c.clients.publicClient.waitForTransactionReceipt({ hash });
  return hash;
}

/**
 * Until the clock is in a second after every chain's latest block. A block's time has no finer grain
 * than the second, and the feed puts an art replacement before the chain events of its second
 * (eventOrder.ts): one finished in the same second as the Mint to Wallet before it is older in the
 * history, though later in the stream (seen once in a run: the history's order is by time, the
 * stream's by arrival; a burst of anvil blocks, each a second on, can also run ahead of the clock).
 */
async function clockPastBlocks(chains: TestChain[]): Promise<void> {
  const times = await Promise.all(chains.map(async (c) => Number((await c.clients.publicClient.getBlock()).timestamp)));
  const wait = (Math.max(...times) + 1) * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

describe("live activity", () => {
  let r: ReplacementWorld;
  let child: ApiChild | undefined;
  let url: string;
  const open: SseConnection[] = [];
  const stream = async (base: string, lastEventId?: string): Promise<SseConnection> => {
    const s = await openSse(`${base}/api/activity/stream`, lastEventId ? { "last-event-id": lastEventId } : {});
    open.push(s);
    return s;
  };
  const history = async (base: string, query = ""): Promise<ActivityPage> => {
    const res = await fetch(`${base}/api/activity${query}`);
    assert.equal(res.status, 200, await res.clone().text());
    return (await res.json()) as ActivityPage;
  };

  before(async () => {
    r = await startReplacementWorld();
    url = r.world.api.url;
    if (r.pg) {
      child = await spawnApi({
        DATABASE_URL: r.pg.url,
        INDEXER_URL: r.stack.indexer.url,
        PIXLINGS_INDEXER_CHAINS: r.stack.chainsEnv,
        MINT_SIGNER_PRIVATE_KEY: r.world.api.config.sale.signerKey,
        ART_REPLACE_WORKER: "off",
        ...ARTIST_WORLD_ROLES,
        ACTIVITY_HEARTBEAT_MS: "200",
        ACTIVITY_STREAM_MAX_CLIENTS: "6",
      });
    }
  });
  after(async () => {
    for (const s of open) s.close();
    await child?.stop();
    await r?.close();
  });

  it("streams a wallet mint, a card mint, a Mint to Wallet, an art replacement, the sale paused and opened, in order; the history agrees", async () => {
    const live = await stream(url);
    assert.equal(live.status, 200, live.body);
    const first = JSON.parse((await live.next(ready)).data) as ActivityCounters;
    assert.deepEqual(first, {
      chains: [
        { chainId: 31337, minted: 0 },
        { chainId: 31338, minted: 0 },
      ],
      total: 0,
    });

    const { eth, pol } = r.stack;
    const { hash: walletTx } = await voucherMint(eth, buyer, [30]);
    await custodyMint(eth, [31]);
    await transfer(eth, eth.custody, collector.address, 31);
    await clockPastBlocks([eth, pol]);
    const submission = await r.submit("Activity piece", pieceOf(7));
    assert.equal((await r.approve(submission, 40)).status, 202);
    await r.settled(submission, "done");
    await setSale(pol, false);
    await setSale(pol, true);

    await live.next((m) => isActivity(m) && eventOf(m).kind === "sale_opened");
    const events = activityOf(live);
    assert.deepEqual(events.map(summary), [
      "mint 30 31337",
      "card_mint 31 31337",
      "mint_to_wallet 31 31337",
      "art_replaced 40",
      "sale_paused 31338",
      "sale_opened 31338",
    ]);
    const [mint, card, toWallet, art] = events;
    assert.deepEqual(mint && "account" in mint && [mint.account, mint.txHash], [getAddress(buyer.address), walletTx]);
    assert.equal(card && "account" in card && card.account, getAddress(eth.custody.address));
    assert.equal(toWallet && "account" in toWallet && toWallet.account, getAddress(collector.address));
    assert.deepEqual(art && art.kind === "art_replaced" && [art.name, art.artistName], ["Activity piece", TEST_ARTISTS.artist.name]);
    assert.match(mint?.id ?? "", /^31337-\d+-\d+-[0-9a-f]{8}$/);
    assert.ok(events.every((e) => !Number.isNaN(Date.parse(e.at))));
    // Every message carries a cursor; counters follow the mints.
    assert.ok(live.messages.every((m) => m.id?.startsWith("v1,")));
    await live.next((m) => m.event === "counters" && (JSON.parse(m.data) as ActivityCounters).total === 2);

    const latest = await history(url, "?limit=6");
    assert.deepEqual(
      latest.events.map((e) => e.id),
      events.map((e) => e.id).reverse(),
    );
    // Paged two at a time, the same order down to the deploys' sale events.
    const all = await history(url, "?limit=100");
    assert.equal(all.next, null);
    const paged: string[] = [];
    for (let page = await history(url, "?limit=2"); ; page = await history(url, `?limit=2&before=${page.next}`)) {
      paged.push(...page.events.map((e) => e.id));
      if (!page.next) break;
    }
    assert.deepEqual(
      paged,
      all.events.map((e) => e.id),
    );
    assert.equal(all.events.filter((e) => e.kind === "sale_opened").length, 3, "each chain's deploy opened its sale; Local Polygon's again");
  });

  it("a reconnect with Last-Event-ID gets exactly what it missed, from this process or another, with the same ids", async () => {
    const watcher = await stream(url);
    await watcher.next(ready);
    const leaving = await stream(url);
    await leaving.next(ready);
    const position = leaving.lastId!;
    leaving.close();
    // Missed while away; nothing waits for the indexer in between.
    const { eth, pol } = r.stack;
    await voucherMint(eth, buyer, [32]);
    await custodyMint(pol, [33]);
    await setSale(eth, false);
    await setSale(eth, true);
    await watcher.next((m) => isActivity(m) && summary(eventOf(m)) === "sale_opened 31337");
    await watcher.next((m) => isActivity(m) && summary(eventOf(m)) === "card_mint 33 31338");
    const missed = activityOf(watcher);
    assert.equal(missed.length, 4);
    const byPlace = (events: ActivityEvent[]) => events.map((e) => JSON.stringify(e)).sort();

    const back = await stream(url, position);
    await back.next(ready);
    const replayed = activityOf(back);
    assert.deepEqual(byPlace(replayed), byPlace(missed), "exactly the missed events, each once, as first sent");
    assert.equal(back.messages.at(-1)?.event, "ready");

    if (!child) return;
    const elsewhere = await stream(child.url, position);
    assert.equal(elsewhere.status, 200, elsewhere.body);
    await elsewhere.next(ready);
    assert.deepEqual(byPlace(activityOf(elsewhere)), byPlace(missed), "the other process replays the same events with the same ids");
    assert.deepEqual(await history(child.url, "?limit=50"), await history(url, "?limit=50"));
    // Its cursor resumes here too: nothing missed, then the next mint once, live.
    const handedBack = await stream(url, elsewhere.lastId);
    await handedBack.next(ready);
    assert.deepEqual(activityOf(handedBack), []);
    const mark = handedBack.messages.length;
    await custodyMint(eth, [36]);
    const [here, there] = await Promise.all([
      handedBack.next((m) => isActivity(m) && summary(eventOf(m)) === "card_mint 36 31337", { skip: mark }),
      elsewhere.next((m) => isActivity(m) && summary(eventOf(m)) === "card_mint 36 31337"),
    ]);
    assert.equal(eventOf(here).id, eventOf(there).id);
    // Heartbeats every 200 ms on the other process too.
    await elsewhere.comment(1, 5_000);
  });

  it("a reorg retracts the dropped mint from live clients and the history; a cursor on its block resets", async () => {
    const { eth } = r.stack;
    const live = await stream(url);
    await live.next(ready);
    const snapshot = await eth.test.snapshot();
    await custodyMint(eth, [34]);
    const droppedMessage = await live.next((m) => isActivity(m) && summary(eventOf(m)) === "card_mint 34 31337");
    const dropped = eventOf(droppedMessage);
    assert.ok((await history(url, "?limit=5")).events.some((e) => e.id === dropped.id));

    await eth.test.revert({ id: snapshot });
    await custodyMint(eth, [35]);
    await mine(eth, 3);
    await live.next((m) => m.event === "retract" && (JSON.parse(m.data) as { id: string }).id === dropped.id);
    await live.next((m) => isActivity(m) && summary(eventOf(m)) === "card_mint 35 31337");
    const after = await history(url, "?limit=20");
    assert.ok(!after.events.some((e) => e.id === dropped.id), "no phantom mint in the history");
    assert.ok(after.events.some((e) => e.kind === "card_mint" && e.tokenId === 35));
    const gone = await fetch(`${url}/api/activity?before=${dropped.id}`);
    assert.equal(gone.status, 400);
    assert.match(((await gone.json()) as { message: string }).message, /before/);

    const resumed = await stream(url, droppedMessage.id);
    await resumed.next(ready);
    assert.deepEqual(
      resumed.messages.map((m) => m.event),
      ["reset", "ready"],
    );
  });

  it("answers bad input with a 400 naming it, and caps the streams", async () => {
    for (const [query, name] of [
      ["?limit=0", "limit"],
      ["?limit=101", "limit"],
      ["?limit=ten", "limit"],
      ["?before=nope", "before"],
      ["?before=31337-1-0-deadbeef", "before"],
      ["?before=art-999999", "before"],
      // Past the databases' integers: refused, never sent to a query that would fail with a 5xx.
      ["?before=art-9999999999", "before"],
      ["?before=9999999999-1-0-deadbeef", "before"],
      ["?before=31337-99999999999999999999-0-deadbeef", "before"],
      [`?before=${"9".repeat(80)}`, "before"],
    ] as const) {
      const res = await fetch(`${url}/api/activity${query}`);
      assert.equal(res.status, 400, query);
      assert.match(((await res.json()) as { message: string }).message, new RegExp(name), query);
    }
    for (const forged of ["garbage", "v1,c31337:1:f", "v1,c31337:99999999:f,a-", "v1,c31337:99999999999999999999:0:deadbeef,a-"]) {
      const s = await stream(url, forged);
      if (forged === "v1,c31337:99999999:f,a-") {
        // Well formed, but no stream gave it (a whole block not yet final): start over.
        await s.next(ready);
        assert.equal(s.messages[0]?.event, "reset");
        continue;
      }
      assert.equal(s.status, 400, forged);
      assert.match(JSON.parse(s.body ?? "{}").message, /Last-Event-ID/);
    }
    if (!child) return;
    const base = child.url;
    const streams = await Promise.all(Array.from({ length: 8 }, () => stream(base)));
    assert.deepEqual(
      streams.map((s) => s.status).sort(),
      [200, 200, 200, 200, 200, 503, 503, 503],
      "six streams in all (one of them opened by the test before)",
    );
    const refused = streams.find((s) => s.status === 503);
    assert.match(JSON.parse(refused?.body ?? "{}").message, /Too many live activity streams/);
  });
});
