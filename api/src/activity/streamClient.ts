import type { Response } from "express";
import type { ActivityStreamEvent } from "@pixlings/shared/http/activity";

/** One server-sent event: its cursor (the SSE `id`), name and JSON data. */
export interface StreamMessage {
  id: string;
  event: ActivityStreamEvent;
  data: unknown;
}

export const formatMessage = ({ id, event, data }: StreamMessage): string => `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** A connected stream: writes never wait; a client that does not read is dropped. */
export interface StreamClient {
  /** Writes `text`; false (and the connection closed) once more than the bound waits unsent. */
  write(text: string): boolean;
  close(): void;
  /** Whether the connection is gone (closed by either side). */
  readonly closed: boolean;
}

/**
 * The stream on `res`. Node keeps whatever a slow reader has not taken in memory: past
 * `maxBufferedBytes` unsent the connection is cut (the browser reconnects with its last id and
 * gets what it missed from the history), so no client holds more than that.
 */
export function streamClient(res: Response, maxBufferedBytes: number, onClose: () => void): StreamClient {
  let closed = false;
  const finish = (): void => {
    if (closed) return;
    closed = true;
    onClose();
  };
  res.on("close", finish);
  return {
    write(text) {
      if (closed) return false;
      res.write(text);
      if (res.writableLength <= maxBufferedBytes) return true;
      res.destroy();
      finish();
      return false;
    },
    close() {
      if (!closed) res.end();
      finish();
    },
    get closed() {
      return closed;
    },
  };
}
