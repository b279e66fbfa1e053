import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminArtist, CreateArtistRequest, UpdateArtistRequest } from "@pixlings/shared/http/admin";
import { apiRequest } from "../../../api/apiClient.ts";
import { FormError } from "../../../components/FormError.tsx";
import { Modal } from "../../../components/Modal.tsx";
import { TextField } from "../../../components/TextField.tsx";
import { useCheckedSubmit } from "../../../components/useCheckedSubmit.ts";
import { toastFailure } from "../../../errors/toastFailure.ts";
import { toast } from "../../../toast/toastStore.ts";
import { checkArtistEdit, checkNewArtist, draftOfArtist, EMPTY_ARTIST, type ArtistDraft } from "./artistForm.ts";
import { FormActions } from "../../../components/FormActions.tsx";

/** Add artist (no `artist`) or edit one (docs/map.md#admin-area, docs/map.md#validation). */
export function ArtistFormDialog({ artist, onClose }: { artist?: AdminArtist; onClose(): void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ArtistDraft>(() => (artist ? draftOfArtist(artist) : EMPTY_ARTIST));
  const set = (changes: Partial<ArtistDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const {
    error,
    busy: saving,
    submit,
  } = useCheckedSubmit<CreateArtistRequest | UpdateArtistRequest>({
    check: () => (artist ? checkArtistEdit(draft) : checkNewArtist(draft)),
    send: async (request) => {
      if (artist) await apiRequest<AdminArtist>(`/api/admin/artists/${artist.id}`, { method: "PATCH", body: request });
      else await apiRequest<AdminArtist>("/api/admin/artists", { method: "POST", body: request });
      toast({ title: artist ? "Artist updated" : "Artist added", description: `${draft.name.trim()} was saved.` });
      await queryClient.invalidateQueries({ queryKey: ["admin", "artists"] });
      onClose();
    },
    failure: toastFailure("Error", artist ? "Failed to update artist" : "Failed to add artist"),
  });

  return (
    <Modal title={artist ? `Edit ${artist.name}` : "Add Artist"} onClose={onClose} busy={saving}>
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <TextField label="Name" value={draft.name} onChange={(name) => set({ name })} required />
        <TextField label="Email" type="email" value={draft.email} onChange={(email) => set({ email })} required={!artist} />
        <TextField label="Bio (optional)" value={draft.bio} onChange={(bio) => set({ bio })} multiline />
        <TextField label="Website (optional)" type="url" value={draft.website} onChange={(website) => set({ website })} />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" checked={draft.isApproved} onChange={(event) => set({ isApproved: event.target.checked })} />
          Approved (may submit artwork)
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" checked={draft.isVerified} onChange={(event) => set({ isVerified: event.target.checked })} />
          Verified
        </label>
        <FormError message={error} />
        <FormActions onCancel={onClose} busy={saving} submit={artist ? "Save Artist" : "Add Artist"} busyLabel="Saving..." />
      </form>
    </Modal>
  );
}
