import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminArtist, MessageResponse } from "@pixlings/shared/http/admin";
import { adminQueries } from "../../../api/adminQueries.ts";
import { apiRequest } from "../../../api/apiClient.ts";
import { ArtistCard } from "../../../admin/ArtistCard.tsx";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { ui } from "../../../components/ui.ts";
import { apiMessage } from "../../../errors/accountErrors.ts";
import { toast } from "../../../toast/toastStore.ts";
import { ArtistFormDialog } from "./ArtistFormDialog.tsx";

type Open = { kind: "add" } | { kind: "edit"; artist: AdminArtist } | { kind: "delete"; artist: AdminArtist } | null;

/** The artists tab: every artist with its totals; add, edit, delete (with confirmation), View Dashboard. */
export function ArtistsTab() {
  const artists = useQuery(adminQueries.artists());
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open>(null);

  const remove = async (artist: AdminArtist) => {
    try {
      await apiRequest<MessageResponse>(`/api/admin/artists/${artist.id}`, { method: "DELETE" });
      toast({ title: "Artist deleted", description: `${artist.name} was deleted.` });
      await queryClient.invalidateQueries({ queryKey: ["admin", "artists"] });
      setOpen(null);
    } catch (error) {
      const description = apiMessage(error) ?? "Failed to delete artist";
      toast({ title: "Error", description, variant: "destructive" });
      throw new Error(description);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="flex-1 text-xl font-bold">Artists</h2>
        <button type="button" className={ui.primary} onClick={() => setOpen({ kind: "add" })}>
          Add Artist
        </button>
      </div>
      <QueryState query={artists} what="artists" empty="No artists found.">
        {(list) => (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {list.map((artist) => (
              <ArtistCard
                key={artist.id}
                artist={artist}
                actions={
                  <>
                    <button
                      type="button"
                      className={`${ui.secondary} ${ui.small}`}
                      aria-label={`Edit ${artist.name}`}
                      onClick={() => setOpen({ kind: "edit", artist })}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className={`${ui.secondary} ${ui.small}`}
                      aria-label={`Delete ${artist.name}`}
                      onClick={() => setOpen({ kind: "delete", artist })}
                    >
                      Delete
                    </button>
                  </>
                }
              />
            ))}
          </div>
        )}
      </QueryState>
      {open?.kind === "add" && <ArtistFormDialog onClose={() => setOpen(null)} />}
      {open?.kind === "edit" && <ArtistFormDialog artist={open.artist} onClose={() => setOpen(null)} />}
      {open?.kind === "delete" && (
        <ConfirmDialog
          title={`Delete ${open.artist.name}?`}
          text="The artist and their pending and rejected submissions are deleted. This cannot be undone."
          confirm="Delete Artist"
          onConfirm={() => remove(open.artist)}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
