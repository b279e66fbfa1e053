import { ACTIVITY_PAGE_DEFAULT, type ActivityCounters, type ActivityEvent } from "@pixlings/shared/http/activity";
import { apiRequest } from "../api/apiClient.ts";
import { queryClient } from "../api/queryClient.ts";
import { parseActivityEvent, parseActivityPage, parseCounters, parseRetraction } from "./activityAnswers.ts";
import { showMint } from "./mintPatch.ts";

/** What the page knows of the live activity. */
export interface ActivityView {
  /** `live` once the stream said `ready`; `offline` while it waits to try again. */
  status: "connecting" | "live" | "offline";
  /** The latest events, newest first. */
  events: readonly ActivityEvent[];
  counters: ActivityCounters | null;
  /** The history of this connection has been read: an empty feed then means nothing has happened. */
  historyLoaded: boolean;
}

/** How many events the feed keeps. */
const FEED_SIZE = ACTIVITY_PAGE_DEFAULT;
/** After the server refused or closed the stream for good, a new one this much later. */
const RETRY_MS = 5_000;

let view: ActivityView = { status: "connecting", events: [], counters: null, historyLoaded: false };
const listeners = new Set<() => void>();
let source: EventSource | undefined;
let retry: ReturnType<typeof setTimeout> | undefined;
let historyWanted = true;
/** Events of this connection, for the history read on its ready to be laid under (a new connection's feed is the history, not what an old one showed). */
let sinceConnect: ActivityEvent[] = [];

function set(next: Partial<ActivityView>): void {
  view = { ...view, ...next };
  for (const listener of listeners) listener();
}

/** A block's time has no finer grain than the second: within one, the server's order stands. */
const secondOf = (event: ActivityEvent): number => Math.floor(Date.parse(event.at) / 1000);

/** `incoming` (newest first) merged over `base`: one entry per id, newest first by the second, at most FEED_SIZE. */
function merge(incoming: readonly ActivityEvent[], base: readonly ActivityEvent[] = view.events): void {
  const seen = new Set<string>();
  const events = [...incoming, ...base]
    .filter((event) => !seen.has(event.id) && seen.add(event.id))
    .sort((a, b) => secondOf(b) - secondOf(a))
    .slice(0, FEED_SIZE);
  set({ events });
}

async function loadHistory(): Promise<void> {
  historyWanted = false;
  try {
    const page = parseActivityPage(await apiRequest<unknown>(`/api/activity?limit=${FEED_SIZE}`));
    merge(sinceConnect, page.events);
    set({ historyLoaded: true });
  } catch (error) {
    // The live events still come; the next ready (a reconnect) tries again.
    historyWanted = true;
    console.error(error);
  }
}

/** Runs a stream handler; a message the page cannot read is logged and skipped, never a broken feed. */
const handle =
  (run: (data: string) => void) =>
  (message: MessageEvent<string>): void => {
    try {
      run(message.data);
    } catch (error) {
      console.error(error);
    }
  };

function connect(): void {
  const stream = new EventSource("/api/activity/stream");
  source = stream;
  sinceConnect = [];
  stream.addEventListener(
    "ready",
    handle((data) => {
      set({ status: "live", counters: parseCounters(data) });
      if (historyWanted) void loadHistory();
    }),
  );
  stream.addEventListener(
    "activity",
    handle((data) => {
      const event = parseActivityEvent(data);
      sinceConnect.push(event);
      merge([event]);
      if (event.kind === "mint" || event.kind === "card_mint") {
        showMint(queryClient, { tokenId: event.tokenId, chainId: event.chainId, ownerType: event.kind === "card_mint" ? "card" : "wallet" });
      }
      // New art changes a Pix's image URL: the lists holding it read it again.
      if (event.kind === "art_replaced") void queryClient.invalidateQueries({ queryKey: ["nfts"] });
    }),
  );
  stream.addEventListener(
    "retract",
    handle((data) => {
      const id = parseRetraction(data);
      sinceConnect = sinceConnect.filter((event) => event.id !== id);
      set({ events: view.events.filter((event) => event.id !== id) });
      // A chain reorganisation undid it: what the lists show is read again.
      void queryClient.invalidateQueries({ queryKey: ["nfts"] });
    }),
  );
  stream.addEventListener(
    "counters",
    handle((data) => {
      set({ counters: parseCounters(data) });
      void queryClient.invalidateQueries({ queryKey: ["stats"] });
    }),
  );
  stream.addEventListener(
    "reset",
    handle(() => {
      historyWanted = true;
      sinceConnect = [];
      set({ events: [], historyLoaded: false });
      void queryClient.invalidateQueries({ queryKey: ["nfts"] });
    }),
  );
  stream.onerror = () => {
    // The browser reconnects by itself (with Last-Event-ID) unless the server refused the stream.
    if (stream.readyState !== EventSource.CLOSED) return set({ status: "connecting" });
    set({ status: "offline" });
    source = undefined;
    retry = setTimeout(() => {
      retry = undefined;
      // A new EventSource has no position: the history is read again on its ready.
      historyWanted = true;
      if (listeners.size > 0) connect();
    }, RETRY_MS);
  };
}

/** After the last listener goes, the stream stays this long: a move from the home page to /browse keeps it. */
const LINGER_MS = 5_000;
let linger: ReturnType<typeof setTimeout> | undefined;

function disconnect(): void {
  source?.close();
  source = undefined;
  clearTimeout(retry);
  retry = undefined;
  historyWanted = true;
  view = { ...view, status: "connecting" };
}

/** Follows the stream while anyone listens: one connection per page, closed a little after the last listener goes. */
export function subscribeActivity(listener: () => void): () => void {
  listeners.add(listener);
  clearTimeout(linger);
  linger = undefined;
  if (!source && !retry) connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) linger = setTimeout(disconnect, LINGER_MS);
  };
}

export const activitySnapshot = (): ActivityView => view;
