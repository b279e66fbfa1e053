import { unreadLabel } from "./unread.ts";

/** The other side wrote: how many messages are new since the reader last opened the chat. */
export function UnreadMarker({ count }: { count: number }) {
  return (
    <span data-unread={count} className="rounded-full bg-red-700 px-1.5 text-xs font-bold text-white">
      {unreadLabel(count)}
    </span>
  );
}
