import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { CUSTOM_DESCRIPTION_MAX, CUSTOM_NAME_MAX } from "@pixlings/shared/http/owners";
import type { AdminNft } from "@pixlings/shared/http/admin";
import { adminQueries } from "../api/adminQueries.ts";
import { apiRequest } from "../api/apiClient.ts";
import { FormError } from "../components/FormError.tsx";
import { Modal } from "../components/Modal.tsx";
import { PixImage } from "../components/PixImage.tsx";
import { TextField } from "../components/TextField.tsx";
import { TierBadge } from "../components/TierBadge.tsx";
import { ui } from "../components/ui.ts";
import { useCheckedSubmit } from "../components/useCheckedSubmit.ts";
import { apiMessage } from "../errors/accountErrors.ts";
import { toastFailure } from "../errors/toastFailure.ts";
import { toast } from "../toast/toastStore.ts";
import { checkNftEdit, draftOfNft, type NftDraft } from "./nftEdit.ts";
import { ProposeArt } from "./ProposeArt.tsx";
import { FormActions } from "../components/FormActions.tsx";

/** The artist field, only for Artist-tier Pix (docs/map.md#admin-area). */
function ArtistSelect({ value, onChange }: { value: string; onChange(value: string): void }) {
  const id = useId();
  const artists = useQuery(adminQueries.artists());
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Artist
      </label>
      <select id={id} className={ui.field} value={value} onChange={(event) => onChange(event.target.value)} disabled={!artists.data}>
        <option value="">No artist</option>
        {artists.data?.map((artist) => (
          <option key={artist.id} value={String(artist.id)}>
            {artist.name}
          </option>
        ))}
      </select>
      {artists.error && (
        <span className="text-xs text-red-800 dark:text-red-200">Could not load the artists: {apiMessage(artists.error) ?? "please try again"}.</span>
      )}
    </div>
  );
}

/** The on-chain fields, shown read-only: the API refuses to change them off-chain. */
function OnChainFields({ nft }: { nft: AdminNft }) {
  const priceId = useId();
  return (
    <fieldset className="flex flex-col gap-2 rounded-lg border border-neutral-200 p-3 dark:border-neutral-700">
      <legend className="px-1 text-sm font-medium">On-chain (read-only)</legend>
      <p className="flex items-center gap-2 text-sm">
        Tier: <TierBadge rarity={nft.rarity} />
      </p>
      <label htmlFor={priceId} className="text-sm">
        Mint price (ETH)
      </label>
      <input id={priceId} type="number" step={0.001} className={`${ui.field} w-40`} value={nft.mintPrice} readOnly aria-describedby={`${priceId}-note`} />
      <p id={`${priceId}-note`} className={`text-xs ${ui.muted}`}>
        Tier and price live in the contract on every chain; change them with the operator CLI (<code>npm run admin</code>), never here.
      </p>
    </fieldset>
  );
}

/**
 * Edit NFT (docs/map.md#admin-area): custom name and description, the artist of an Artist piece; tier and
 * price read-only; new art only through review. `onDone` runs after a save and on Cancel.
 */
export function EditNftForm({ nft, onDone }: { nft: AdminNft; onDone(): void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<NftDraft>(() => draftOfNft(nft));
  const set = (changes: Partial<NftDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const {
    error,
    busy: saving,
    submit,
  } = useCheckedSubmit({
    check: () => checkNftEdit(nft, draft),
    send: async (request) => {
      await apiRequest<AdminNft>(`/api/admin/nfts/${nft.tokenId}`, { method: "PATCH", body: request });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["admin", "nfts"] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "nft", nft.tokenId] }),
        queryClient.invalidateQueries({ queryKey: ["nfts"] }),
      ]);
      onDone();
      // After onDone's navigation: a toast belongs to the page it is raised on.
      toast({ title: "NFT updated", description: `Pix #${nft.tokenId} was saved.` });
    },
    failure: toastFailure("Error", "Failed to save NFT"),
  });

  return (
    <>
      <div className="w-24">
        <PixImage nft={nft} size={96} eager />
      </div>
      <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
        <TextField label="Custom name" value={draft.customName} onChange={(customName) => set({ customName })} max={CUSTOM_NAME_MAX} />
        <TextField
          label="Custom description"
          value={draft.customDescription}
          onChange={(customDescription) => set({ customDescription })}
          max={CUSTOM_DESCRIPTION_MAX}
          multiline
        />
        {nft.rarity === "Artist" && <ArtistSelect value={draft.artistId} onChange={(artistId) => set({ artistId })} />}
        <OnChainFields nft={nft} />
        <FormError message={error} />
        <FormActions onCancel={onDone} busy={saving} submit="Save NFT" busyLabel="Saving..." />
      </form>
      <ProposeArt tokenId={nft.tokenId} />
    </>
  );
}

/** The edit NFT dialog of the NFT tab. */
export function EditNftDialog({ nft, onClose }: { nft: AdminNft; onClose(): void }) {
  return (
    <Modal title={`Edit Pix #${nft.tokenId}`} description={nft.name} onClose={onClose} wide>
      <EditNftForm nft={nft} onDone={onClose} />
    </Modal>
  );
}
