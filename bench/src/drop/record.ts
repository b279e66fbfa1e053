// What the drop's buyers saw: every answer's status (5xx counted wherever it came from), the
// timed requests, and how each buyer's journey ended.
import { cookieFetch } from "@pixlings/test-kit/api";

export type Jar = ReturnType<typeof cookieFetch>;
export type Outcome = "bought" | "refused" | "abandoned" | "failed";

export interface DropRecord {
  authorizeMs: number[];
  checkoutMs: number[];
  /** Every timed try of `postUntilOpen`: its path, when it was sent (the bench's clock) and how long it took. */
  timed: TimedTry[];
  /** Card orders: payment answered to the Pix shown card-owned. */
  fulfilMs: number[];
  /** The same, per Pix on the wall clock (ms since the epoch): the payment answered, the Pix first seen card-owned. */
  fulfilled: Map<number, { paidAt: number; ownedAt: number }>;
  /** Every 5xx answer: where, and its body's start. */
  serverErrors: string[];
  /** Unexpected answers and exceptions (not 5xx): one line each. */
  failures: string[];
  outcomes: Record<Outcome, number>;
  declinedCards: number;
  /** Requests sent again after the server closed their connection before answering (as a browser does, once). */
  resent: number;
  /** `503 sales_paused` answers (the indexer more than SALE_MAX_INDEXER_LAG_BLOCKS behind): part of the 5xx. */
  salesPaused: number;
  /** Paid card orders whose Pix was not card-owned when the grace ended. */
  unfulfilled: number[];
  /** When the last buyer finished its journey (payment, mint or refusal), ms on the bench's clock. */
  lastDoneAt: number;
}

/** One timed request: what it asked, when it was sent (performance.now()), its time to the whole answer. */
export interface TimedTry {
  path: string;
  sentAt: number;
  ms: number;
}

export const newRecord = (): DropRecord => ({
  authorizeMs: [],
  checkoutMs: [],
  timed: [],
  fulfilMs: [],
  fulfilled: new Map(),
  serverErrors: [],
  failures: [],
  outcomes: { bought: 0, refused: 0, abandoned: 0, failed: 0 },
  declinedCards: 0,
  resent: 0,
  salesPaused: 0,
  unfulfilled: [],
  lastDoneAt: 0,
});

/** A fetch that failed as the server closed the connection under it (a kept-alive one timing out as it was reused). */
function isClosedConnection(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  return code === "ECONNRESET" || code === "UND_ERR_SOCKET";
}

/** A buyer's browser: cookies, its client address on every request, every 5xx noted. */
export function buyerJar(baseUrl: string, clientIp: string, record: DropRecord): Jar {
  const jar = cookieFetch(baseUrl, { "x-forwarded-for": clientIp });
  const inner = jar.fetch;
  jar.fetch = async (p, init) => {
    const send = () => inner(p, init);
    const res = await send()
      .catch((error: unknown) => {
        // A browser sends a request again, once, when the kept-alive connection it reused was closed before any answer.
        if (!isClosedConnection(error)) throw error;
        record.resent += 1;
        return send();
      })
      .catch((error: unknown) => {
        throw new Error(`${init?.method ?? "GET"} ${p.replace(/^https?:\/\/[^/]+/, "")}: ${(error as Error).message}`, {
          cause: (error as Error).cause ?? error,
        });
      });
    if (res.status >= 500)
      record.serverErrors.push(`${init?.method ?? "GET"} ${p.replace(/^https?:\/\/[^/]+/, "")} ${res.status} ${(await res.clone().text()).slice(0, 160)}`);
    return res;
  };
  return jar;
}

/**
 * A timed POST (`timedJson`) again after each `503 sales_paused` once its `retryAfter` has passed,
 * as a buyer shown "Sales are paused for a moment" tries again (each 503 stays counted); the
 * answer that ended it. Every try's time goes into `samples`.
 */
export async function postUntilOpen(
  jar: Jar,
  path: string,
  body: unknown,
  record: DropRecord,
  samples: number[],
): Promise<{ status: number; body: Record<string, unknown> }> {
  for (let tries = 1; ; tries++) {
    const answer = await timedJson(jar, path, body);
    samples.push(answer.ms);
    record.timed.push({ path, sentAt: answer.sentAt, ms: answer.ms });
    if (answer.status !== 503 || answer.body.code !== "sales_paused" || tries >= 5) return answer;
    record.salesPaused += 1;
    await new Promise((resolve) => setTimeout(resolve, Number(answer.body.retryAfter ?? 1) * 1000));
  }
}

/** `fetch` with a JSON body, timed from sending to the whole answer read. */
export async function timedJson(jar: Jar, path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown>; ms: number; sentAt: number }> {
  const sent = performance.now();
  const res = await jar.fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const text = await res.text();
  const ms = performance.now() - sent;
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { text: text.slice(0, 160) };
  }
  return { status: res.status, body: parsed, ms, sentAt: sent };
}

/** The answers a buyer who lost a hot id gets: 409, the id minted, held by another, or not for sale. */
const RACE_REFUSALS = new Set(["minted", "reserved", "unavailable"]);
export const lostRace = (answer: { status: number; body: Record<string, unknown> }): boolean =>
  answer.status === 409 && RACE_REFUSALS.has(String(answer.body.code));
