import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminUploadResponse } from "@pixlings/shared/http/admin";
import { apiRequest } from "../api/apiClient.ts";
import { ArtworkPicker } from "../artwork/ArtworkPicker.tsx";
import { appendArtwork, checkArtwork, type ArtworkSource } from "../artwork/artworkSource.ts";
import { newDrawing } from "../artwork/drawing.ts";
import { FormError } from "../components/FormError.tsx";
import { ui } from "../components/ui.ts";
import { apiMessage } from "../errors/accountErrors.ts";
import { toast } from "../toast/toastStore.ts";

/**
 * New art for an unminted Pix from the admin (POST /api/admin/upload): it never changes the art by
 * itself but becomes a pending submission, approved like any other (on every chain, or not at all).
 */
export function ProposeArt({ tokenId }: { tokenId: number }) {
  const queryClient = useQueryClient();
  const [source, setSource] = useState<ArtworkSource | null>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!source) {
    return (
      <button type="button" className={`${ui.secondary} ${ui.small} w-fit`} onClick={() => setSource({ kind: "draw", drawing: newDrawing() })}>
        Propose new art
      </button>
    );
  }
  const upload = async () => {
    const artwork = checkArtwork(source);
    if (!artwork.ok) {
      const refusal = artwork.missing ? { title: "Missing Information", description: "Please draw or choose the new art." } : artwork;
      toast({ title: refusal.title, description: refusal.description, variant: "destructive" });
      setProblem(`${refusal.title}: ${refusal.description}`);
      return;
    }
    setProblem(null);
    const form = new FormData();
    form.append("tokenId", String(tokenId));
    appendArtwork(form, artwork.payload);
    setSending(true);
    try {
      await apiRequest<AdminUploadResponse>("/api/admin/upload", { method: "POST", body: form });
      toast({ title: "Art submitted for review", description: `Approve it in the Submissions tab to write it on-chain onto Pix #${tokenId}.` });
      await queryClient.invalidateQueries({ queryKey: ["admin", "submissions"] });
      setSource(null);
    } catch (error) {
      const description = apiMessage(error) ?? "Please try again.";
      toast({ title: "Upload Failed", description, variant: "destructive" });
      setProblem(`Upload Failed: ${description}`);
    } finally {
      setSending(false);
    }
  };
  return (
    <section aria-label="Propose new art" className="flex flex-col gap-3 rounded-lg border border-neutral-200 p-3 dark:border-neutral-700">
      <p className={`text-sm ${ui.muted}`}>New art becomes a pending submission: approving it writes it on every chain.</p>
      <ArtworkPicker onChange={setSource} />
      <FormError message={problem} />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={ui.secondary} onClick={() => setSource(null)} disabled={sending}>
          Cancel
        </button>
        <button type="button" className={ui.primary} onClick={() => void upload()} disabled={sending}>
          {sending ? "Uploading..." : "Submit for review"}
        </button>
      </div>
    </section>
  );
}
