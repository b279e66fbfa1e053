import type { DeleteAccountRequest, DeleteAccountResponse } from "@pixlings/shared/http/account";
import { ApiError, apiRequest } from "../api/apiClient.ts";
import { apiMessage } from "../errors/accountErrors.ts";

/** The file name the server gives the export (`Content-Disposition`), else one of ours. */
export function exportFileName(contentDisposition: string | null, now: Date = new Date()): string {
  const named = contentDisposition ? /filename="([\w.-]+)"/.exec(contentDisposition)?.[1] : undefined;
  return named ?? `account-${now.toISOString().slice(0, 10)}.json`;
}

/** "Download my data": `GET /api/account/export`, saved by the browser as a JSON file. */
export async function downloadMyData(): Promise<void> {
  const res = await fetch("/api/account/export", { credentials: "include", headers: { accept: "application/json" } });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text());
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = exportFileName(res.headers.get("content-disposition"));
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/** Why deleting was refused: the server's reasons (409 `account_in_use`), else its message, else ours. */
export function deleteRefusal(error: unknown): { message: string; reasons: string[] } {
  const body = error instanceof ApiError ? error.body : undefined;
  if (body && "code" in body && body.code === "account_in_use") return { message: "Your account cannot be deleted yet:", reasons: body.reasons };
  return { message: apiMessage(error) ?? "Failed to delete your account. Please try again.", reasons: [] };
}

/** "Delete my account": `DELETE /api/account`; the server ends every session, this one too. */
export async function deleteMyAccount(): Promise<DeleteAccountResponse> {
  const body: DeleteAccountRequest = { confirm: true };
  return apiRequest<DeleteAccountResponse>("/api/account", { method: "DELETE", body });
}
