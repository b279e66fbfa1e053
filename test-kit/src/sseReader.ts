// A server-sent events client over fetch (Node 22 has no EventSource without a flag), for the
// activity stream's tests and benches: every message with its id, event and data, the comment
// lines (heartbeats), and waiting for a message that matches.

export interface SseMessage {
  id: string | undefined;
  event: string;
  data: string;
  /** performance.now() when it was parsed. */
  at: number;
}

export interface SseConnection {
  status: number;
  /** The answer's body when it was not a stream (an error's JSON). */
  body: string | undefined;
  messages: SseMessage[];
  /** Comment lines seen (heartbeats). */
  comments: number;
  /** The last `id:` seen, as a browser would send it back in `Last-Event-ID`. */
  lastId: string | undefined;
  /** Resolves with the first message (from the start) matching `match` that comes after the first `skip` messages. */
  next(match: (m: SseMessage) => boolean, options?: { timeoutMs?: number; skip?: number }): Promise<SseMessage>;
  /** Resolves once `count` comment lines (heartbeats) came in all; rejects after `timeoutMs`. */
  comment(count: number, timeoutMs?: number): Promise<void>;
  /** Resolves once the server ended or cut the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens `url` as an event stream; resolves once the answer's headers are in. */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseConnection> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: "text/event-stream", ...headers }, signal: abort.signal });
  const waiting = new Set<() => void>();
  const connection: SseConnection = {
    status: res.status,
    body: undefined,
    messages: [],
    comments: 0,
    lastId: undefined,
    ended: Promise.resolve(),
    next(match, options = {}) {
      const { timeoutMs = 30_000, skip = 0 } = options;
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = connection.messages.slice(skip).find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiting.delete(onMessage);
          resolve(found);
          return true;
        };
        const onMessage = (): void => void check();
        const timer = setTimeout(() => {
          waiting.delete(onMessage);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(connection.messages.map((m) => [m.event, m.data.slice(0, 80)]))}`));
        }, timeoutMs);
        if (!check()) waiting.add(onMessage);
      });
    },
    comment(count, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          if (connection.comments < count) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`${connection.comments} comment lines within ${timeoutMs} ms, not ${count}`));
        }, timeoutMs);
        waiting.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
  if (!(res.headers.get("content-type") ?? "").startsWith("text/event-stream") || !res.body) {
    connection.body = await res.text();
    return connection;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  connection.ended = (async () => {
    let buffer = "";
    let fields: { id?: string; event?: string; data: string[] } = { data: [] };
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let newline: number;
        while ((newline = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          if (line === "") {
            if (fields.data.length > 0 || fields.event) {
              if (fields.id !== undefined) connection.lastId = fields.id;
              connection.messages.push({ id: fields.id, event: fields.event ?? "message", data: fields.data.join("\n"), at: performance.now() });
              for (const wake of waiting) wake();
            }
            fields = { data: [] };
          } else if (line.startsWith(":")) {
            connection.comments++;
            for (const wake of waiting) wake();
          } else {
            const colon = line.indexOf(":");
            const name = colon < 0 ? line : line.slice(0, colon);
            const text = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
            if (name === "id") fields.id = text;
            else if (name === "event") fields.event = text;
            else if (name === "data") fields.data.push(text);
          }
        }
      }
    } catch {
      // aborted, or the server cut the connection
    }
  })();
  return connection;
}
