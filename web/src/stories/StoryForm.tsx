import { useId, useState } from "react";
import type { Nft } from "@pixlings/shared/http/nfts";
import { CUSTOM_DESCRIPTION_MAX, CUSTOM_NAME_MAX } from "@pixlings/shared/http/owners";
import { ui } from "../components/ui.ts";
import { storyErrorMessage, storyFailureToast } from "../errors/accountErrors.ts";
import { toast } from "../toast/toastStore.ts";
import { saveStory } from "./saveStory.ts";
import { characterCount, checkStory, draftOf, type StoryDraft } from "./storyRules.ts";

const counter = (text: string, max: number) => (
  <span className={`text-xs tabular-nums ${text.trim().length > max ? "font-semibold text-red-700 dark:text-red-300" : ui.muted}`}>
    {characterCount(text, max)}
  </span>
);

/** Name and story fields of a non-Artist Pix; Cancel, "Save Pix Story". */
export function StoryForm({ nft, onCancel, onSaved }: { nft: Nft; onCancel(): void; onSaved?(nft: Nft): void }) {
  const nameId = useId();
  const storyId = useId();
  const [draft, setDraft] = useState<StoryDraft>(() => draftOf(nft));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const check = checkStory(draft, nft.walletOwner);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!check.ok || saving) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await saveStory(nft.tokenId, check.request);
      toast({ title: "Pix Story Updated", description: "Your Pix has found its voice! Story saved successfully." });
      setDraft(draftOf(saved));
      onSaved?.(saved);
    } catch (caught) {
      setError(storyErrorMessage(caught));
      toast(storyFailureToast(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void save(event)} className="flex flex-col gap-4" noValidate>
      <div className="flex flex-col gap-1">
        <label htmlFor={nameId} className="text-sm font-medium">
          Name
        </label>
        <input
          id={nameId}
          className={ui.field}
          value={draft.name}
          placeholder={nft.name || `Pix #${nft.tokenId}`}
          aria-invalid={!check.ok && check.nameError !== null}
          aria-describedby={`${nameId}-count`}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
        />
        <span id={`${nameId}-count`}>{counter(draft.name, CUSTOM_NAME_MAX)}</span>
        {!check.ok && check.nameError && <span className="text-sm text-red-700 dark:text-red-300">{check.nameError}</span>}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={storyId} className="text-sm font-medium">
          Story
        </label>
        <textarea
          id={storyId}
          className={`${ui.field} h-36 py-2`}
          value={draft.story}
          placeholder="Where does your Pix come from, what does it dream of?"
          aria-invalid={!check.ok && check.storyError !== null}
          aria-describedby={`${storyId}-count`}
          onChange={(event) => setDraft({ ...draft, story: event.target.value })}
        />
        <span id={`${storyId}-count`}>{counter(draft.story, CUSTOM_DESCRIPTION_MAX)}</span>
        {!check.ok && check.storyError && <span className="text-sm text-red-700 dark:text-red-300">{check.storyError}</span>}
      </div>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className={ui.secondary}
          disabled={saving}
          onClick={() => {
            setDraft(draftOf(nft));
            setError(null);
            onCancel();
          }}
        >
          Cancel
        </button>
        <button type="submit" className={ui.primary} disabled={saving || !check.ok}>
          {saving ? "Saving..." : "Save Pix Story"}
        </button>
      </div>
    </form>
  );
}
