import type { DismissLinkPromptResponse, User } from "@pixlings/shared/http/auth";
import { apiRequest } from "../api/apiClient.ts";
import { queries } from "../api/queries.ts";
import { queryClient } from "../api/queryClient.ts";

/**
 * "Maybe Later" (and closing or completing the prompt): hidden at once on this page; the session's
 * flag keeps it hidden across reloads. A failed request leaves it hidden here (the user said later)
 * and rejects, so the caller can say the choice was not saved.
 */
export async function dismissLinkPrompt(): Promise<void> {
  queryClient.setQueryData<User | null>(queries.user().queryKey, (user) => (user ? { ...user, linkingDismissed: true } : user));
  await apiRequest<DismissLinkPromptResponse>("/api/auth/link-prompt/dismiss", { method: "POST" });
}
