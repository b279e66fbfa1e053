import * as Dialog from "@radix-ui/react-dialog";
import type { Nft } from "@pixlings/shared/http/nfts";
import { displayName } from "../cart/addToCart.ts";
import { PixImage } from "../components/PixImage.tsx";
import { ui } from "../components/ui.ts";
import { ArtistStory } from "./ArtistStory.tsx";
import { StoryForm } from "./StoryForm.tsx";
import { isArtistPix } from "./storyRules.ts";

/** The story of one owned Pix: read-only for Artist Pix, else the name and story editor; closes on save. */
export function StoryDialog({ nft, onClose }: { nft: Nft; onClose(): void }) {
  const artist = isArtistPix(nft);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl bg-white p-5 text-neutral-900 shadow-xl dark:bg-neutral-900 dark:text-neutral-100">
          <div className="flex items-center gap-3">
            <div className="w-16 shrink-0">
              <PixImage nft={nft} size={64} />
            </div>
            <div className="min-w-0">
              <Dialog.Title className="truncate text-lg font-bold">{artist ? displayName(nft) : `Story of ${displayName(nft)}`}</Dialog.Title>
              <Dialog.Description className={`text-sm ${ui.muted}`}>Token #{nft.tokenId}</Dialog.Description>
            </div>
          </div>
          {artist ? (
            <>
              <ArtistStory nft={nft} />
              <div className="flex justify-end">
                <Dialog.Close className={ui.secondary}>Close</Dialog.Close>
              </div>
            </>
          ) : (
            <StoryForm nft={nft} onCancel={onClose} onSaved={onClose} />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
