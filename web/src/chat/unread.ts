import type { QueryClient } from "@tanstack/react-query";
import type { Submission } from "@pixlings/shared/http/submissions";

/** "2 new messages" (the chat buttons' marker and their accessible name). */
export const unreadLabel = (count: number): string => `${count} new message${count === 1 ? "" : "s"}`;

/**
 * Opening a conversation reads it (the API marks it read for the reader): the cached lists of the
 * artist and admin areas drop its marker at once, without reading them again.
 */
export function markChatRead(queryClient: QueryClient, submissionId: number): void {
  const clear = (data: unknown): unknown => {
    if (Array.isArray(data)) {
      const list = data as Submission[];
      return list.some((s) => s.id === submissionId && s.unreadMessages > 0)
        ? list.map((s) => (s.id === submissionId ? { ...s, unreadMessages: 0 } : s))
        : data;
    }
    const one = data as Submission | undefined;
    return one && typeof one === "object" && one.id === submissionId && one.unreadMessages > 0 ? { ...one, unreadMessages: 0 } : data;
  };
  queryClient.setQueriesData({ queryKey: ["artists", "submissions"] }, clear);
  queryClient.setQueriesData({ queryKey: ["admin"] }, clear);
}
