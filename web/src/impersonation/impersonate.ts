import type { ImpersonationStarted, MessageResponse } from "@pixlings/shared/http/admin";
import { apiRequest } from "../api/apiClient.ts";
import { queryClient } from "../api/queryClient.ts";
import { clearImpersonationFlag, writeImpersonationFlag } from "./impersonationFlag.ts";

/**
 * "View Dashboard": the server records on the admin's session that the artist routes act as
 * artist `artistId` (every action logged as the admin's); the tab keeps the spec's flag.
 */
export async function startImpersonation(artistId: number): Promise<ImpersonationStarted> {
  const started = await apiRequest<ImpersonationStarted>(`/api/admin/artist-login/${artistId}`, { method: "POST" });
  writeImpersonationFlag(started.artist);
  await Promise.all([queryClient.invalidateQueries({ queryKey: ["artists"] }), queryClient.invalidateQueries({ queryKey: ["admin", "impersonation"] })]);
  return started;
}

/** "End": the server forgets the impersonation, the tab its flag, and the artist area reloads as the admin. */
export async function endImpersonation(): Promise<void> {
  await apiRequest<MessageResponse>("/api/admin/artist-logout", { method: "POST" });
  clearImpersonationFlag();
  await Promise.all([queryClient.invalidateQueries({ queryKey: ["artists"] }), queryClient.invalidateQueries({ queryKey: ["admin", "impersonation"] })]);
}
