import type { Logger } from "pino";
import type { ActivityCounters } from "@pixlings/shared/http/activity";
import type { Db } from "../db/openDatabase.ts";
import type { ActivityRow, ChainProgress, IndexerReader } from "../indexer/indexerReader.ts";
import { readArtAfter, readArtHead, type ArtPosition } from "./artEvents.ts";
import { activityMessages } from "./eventOrder.ts";
import { followStep, readFrom, startFollowing, type FollowedChain } from "./chainFollower.ts";
import { planReplay } from "./planReplay.ts";
import { formatMessage, type StreamClient, type StreamMessage } from "./streamClient.ts";
import { copyCursor, encodeCursor, type StreamCursor } from "./streamCursor.ts";

export interface ActivityHubOptions {
  /** A comment line to every client this often, so proxies and dead sockets show. */
  heartbeatMs: number;
  /** While clients are connected, read again at least this often (change notices can be lost; art has none). */
  pollMs: number;
  /** Events one reconnect may replay; past it the client is told to reload the history (`reset`). */
  replayMax: number;
  /** Rows one read takes; more wait for the next read. */
  readMax: number;
}

export interface ActivityHub {
  /**
   * Adds `client` once the hub has read the sources: first what it missed since `cursor`, or nothing
   * without one, then `ready`, then live. Rejects when a source does not answer (the client is not added).
   */
  join(client: StreamClient, cursor: StreamCursor | undefined): Promise<void>;
  close(): void;
}

interface HubState {
  chains: Map<number, FollowedChain>;
  /**
   * Each chain's finalized block as the last read of the checkpoints said: the next read of the
   * rows starts after that one, so a row on a block final by then can no longer change.
   */
  finalized: Map<number, bigint>;
  art: ArtPosition | undefined;
  counters: ActivityCounters;
}

interface Join {
  client: StreamClient;
  cursor: StreamCursor | undefined;
  done(error?: unknown): void;
}

const MINT_KINDS = new Set(["mint", "card_mint"]);

/**
 * One per API process: reads the indexer's activity and the finished art replacements when the
 * indexer commits a block (and every `pollMs` while anyone listens), and sends each new event, each
 * reorg's retraction and changed counters to every client in one write. Reads and joins run one
 * at a time in one loop, so a client joins at a known position: what it missed is replayed up to
 * exactly where the live events start. Idle (no client), it holds no timer and no subscription.
 */
export function createActivityHub(deps: { db: Db; indexer: IndexerReader; logger: Logger }, options: ActivityHubOptions): ActivityHub {
  const { db, indexer, logger } = deps;
  const clients = new Set<StreamClient>();
  const joins: Join[] = [];
  let state: HubState | undefined;
  let running = false;
  let again = false;
  let closed = false;
  let failing = false;
  let timers: { poll: NodeJS.Timeout; heartbeat: NodeJS.Timeout; unsubscribe: () => void } | undefined;

  const cursorOf = (hub: HubState): StreamCursor => ({ chains: new Map([...hub.chains].map(([id, c]) => [id, c.cursor])), art: hub.art });

  async function readCounters(): Promise<ActivityCounters> {
    const chains = await indexer.mintedPerChain();
    return { chains, total: chains.reduce((sum, c) => sum + c.minted, 0) };
  }

  /** One chain's rows past where it was read to (at most `readMax`: the rest waits for another read). */
  async function follow(chain: FollowedChain, chainId: number, finalized: bigint): Promise<ReturnType<typeof followStep>> {
    const rows = await indexer.activityAfter(new Map([[chainId, readFrom(chain)]]), options.readMax + 1);
    const truncated = rows.length > options.readMax;
    if (truncated) again = true;
    return followStep(chain, finalized, truncated ? rows.slice(0, options.readMax) : rows, truncated);
  }

  /** The indexed chains as the checkpoints say; a chain not followed yet starts from its present, silently (like a process that has just started). */
  async function takeProgress(hub: HubState, progress: readonly ChainProgress[]): Promise<void> {
    for (const chainId of hub.chains.keys()) if (!progress.some((p) => p.chainId === chainId)) hub.chains.delete(chainId);
    hub.finalized = new Map(progress.map((p) => [p.chainId, p.finalizedBlock]));
    for (const { chainId, finalizedBlock } of progress) {
      if (!hub.chains.has(chainId)) hub.chains.set(chainId, (await follow(startFollowing(finalizedBlock), chainId, finalizedBlock)).next);
    }
  }

  async function start(): Promise<HubState> {
    const [progress, art, counters] = await Promise.all([indexer.activityProgress(), readArtHead(db), readCounters()]);
    const hub: HubState = { chains: new Map(), finalized: new Map(), art: art && { ms: art.ms, id: art.id }, counters };
    await takeProgress(hub, progress);
    return hub;
  }

  /**
   * One read of every source, all at once (the checkpoints read now serve the next read), and its
   * messages sent; then the counters, when mints came or went.
   */
  async function read(hub: HubState): Promise<void> {
    const after = new Map([...hub.chains].map(([chainId, chain]) => [chainId, readFrom(chain)]));
    const [progress, rows, art] = await Promise.all([
      indexer.activityProgress(),
      indexer.activityAfter(after, options.readMax + 1),
      readArtAfter(db, hub.art, options.readMax + 1),
    ]);
    // Rows come by chain id: past a cut, the last chain's rest and the later chains wait for the next read.
    const cut = rows.length > options.readMax ? rows[options.readMax - 1]!.chainId : undefined;
    if (cut !== undefined || art.length > options.readMax) again = true;
    const cursor = cursorOf(hub);
    const messages: StreamMessage[] = [];
    const added: ActivityRow[] = [];
    let countersMoved = false;
    for (const [chainId, chain] of hub.chains) {
      if (cut !== undefined && chainId > cut) continue;
      const own = rows.slice(0, options.readMax).filter((row) => row.chainId === chainId);
      const step = followStep(chain, hub.finalized.get(chainId) ?? chain.finalized, own, chainId === cut);
      hub.chains.set(chainId, step.next);
      // Retractions first: the client's place on that chain goes back to where the read started.
      if (step.retracted.length > 0) cursor.chains.set(chainId, readFrom(chain));
      for (const id of step.retracted) messages.push({ id: encodeCursor(cursor), event: "retract", data: { id } });
      countersMoved ||= step.retracted.length > 0 || step.added.some((row) => MINT_KINDS.has(row.kind));
      added.push(...step.added);
    }
    const finished = art.slice(0, options.readMax);
    const last = finished.at(-1);
    if (last) hub.art = { ms: last.ms, id: last.id };
    // Across sources in the feed's order (as the history shows them); each source's own order stays.
    messages.push(...activityMessages(cursor, added, finished));
    broadcast(messages);
    await takeProgress(hub, progress);
    if (!countersMoved) return;
    const counters = await readCounters();
    if (JSON.stringify(counters) === JSON.stringify(hub.counters)) return;
    hub.counters = counters;
    broadcast([{ id: encodeCursor(cursorOf(hub)), event: "counters", data: counters }]);
  }

  function broadcast(messages: readonly StreamMessage[]): void {
    if (messages.length === 0) return;
    const text = messages.map(formatMessage).join("");
    for (const client of clients) if (!client.write(text)) clients.delete(client);
  }

  async function admit(hub: HubState, pending: Join[]): Promise<void> {
    const present = cursorOf(hub);
    const ready: StreamMessage = { id: encodeCursor(present), event: "ready", data: hub.counters };
    // Clients reconnecting together (a restart) mostly share a cursor: one plan each.
    const plans = new Map<string, Promise<string>>();
    for (const join of pending) {
      try {
        if (join.client.closed) {
          join.done();
          continue;
        }
        const key = join.cursor ? encodeCursor(join.cursor) : "";
        let plan = plans.get(key);
        if (!plan) {
          plan = (async () => {
            if (!join.cursor) return formatMessage(ready);
            const replay = await planReplay({ db, indexer, hub, present, from: join.cursor, max: options.replayMax });
            if (replay === "reset") return formatMessage({ id: ready.id, event: "reset", data: {} }) + formatMessage(ready);
            return [...replay, ready].map(formatMessage).join("");
          })();
          plans.set(key, plan);
        }
        if (join.client.write(await plan)) {
          clients.add(join.client);
          ensureTimers();
        }
        join.done();
      } catch (error) {
        join.done(error);
      }
    }
  }

  function kick(): void {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    void (async () => {
      do {
        again = false;
        const pending = joins.splice(0);
        try {
          const hub = (state ??= await start());
          await read(hub);
          failing = false;
          await admit(hub, pending);
        } catch (error) {
          if (!failing) logger.warn({ err: error }, "activity: the indexer or the database did not answer; retrying");
          failing = true;
          for (const join of pending) join.done(error);
        }
      } while ((again || joins.length > 0) && !closed);
      running = false;
      if (clients.size === 0) stopTimers();
    })();
  }

  function ensureTimers(): void {
    if (timers || closed) return;
    timers = {
      poll: setInterval(kick, options.pollMs),
      heartbeat: setInterval(() => {
        for (const client of clients) if (!client.write(": \n\n")) clients.delete(client);
        if (clients.size === 0) stopTimers();
      }, options.heartbeatMs),
      unsubscribe: indexer.onChange(kick),
    };
  }

  function stopTimers(): void {
    if (!timers) return;
    clearInterval(timers.poll);
    clearInterval(timers.heartbeat);
    timers.unsubscribe();
    timers = undefined;
    // Nobody listens: the next client starts from a fresh read (a stale position would replay an idle hour).
    state = undefined;
  }

  return {
    join(client, cursor) {
      if (closed) return Promise.reject(new Error("the activity stream is closed"));
      return new Promise<void>((resolve, reject) => {
        joins.push({ client, cursor: cursor && copyCursor(cursor), done: (error) => (error === undefined ? resolve() : reject(error)) });
        kick();
      });
    },
    close() {
      closed = true;
      stopTimers();
      for (const client of clients) client.close();
      clients.clear();
      for (const join of joins.splice(0)) join.done(new Error("the activity stream is closed"));
    },
  };
}
