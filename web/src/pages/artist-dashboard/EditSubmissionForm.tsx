import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { SUBMISSION_LIMITS, type Submission } from "@pixlings/shared/http/submissions";
import { apiRequest } from "../../api/apiClient.ts";
import { ArtworkPicker } from "../../artwork/ArtworkPicker.tsx";
import type { ArtworkSource } from "../../artwork/artworkSource.ts";
import { newDrawing } from "../../artwork/drawing.ts";
import { buildSubmissionEdit } from "../../artwork/submissionRules.ts";
import { TextField } from "../../components/TextField.tsx";
import { ui } from "../../components/ui.ts";
import { apiMessage } from "../../errors/accountErrors.ts";
import { toast } from "../../toast/toastStore.ts";
import { FormActions } from "../../components/FormActions.tsx";

/** Edit mode of a submission card (docs/map.md#artist-area): name, description and, optionally, a new piece. */
export function EditSubmissionForm({ submission, onDone }: { submission: Submission; onDone(): void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(submission.name);
  const [description, setDescription] = useState(submission.description ?? "");
  const [replacement, setReplacement] = useState<ArtworkSource | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const edit = buildSubmissionEdit(submission.id, { name, description, replacement });
    if (!edit.ok) {
      toast({ ...edit.problem, variant: "destructive" });
      return;
    }
    setSaving(true);
    try {
      try {
        await apiRequest<Submission>(`/api/artists/submissions/${submission.id}`, { method: "PATCH", body: edit.patch });
      } catch (error) {
        toast({ title: "Update Failed", description: apiMessage(error) ?? "Failed to update submission. Please try again.", variant: "destructive" });
        return;
      }
      if (edit.upload) {
        try {
          await apiRequest<Submission>("/api/artists/submissions/upload-image", { method: "POST", body: edit.upload });
        } catch (error) {
          toast({
            title: "Failed to upload image",
            description: apiMessage(error) ?? "Error: Failed to save submission. Please try again.",
            variant: "destructive",
          });
          return;
        }
      }
      toast({ title: "Submission Updated", description: `"${edit.patch.name}" was saved.` });
      onDone();
    } finally {
      setSaving(false);
      await queryClient.invalidateQueries({ queryKey: ["artists", "submissions"] });
    }
  };

  return (
    <form onSubmit={(event) => void save(event)} className="flex flex-col gap-3" noValidate aria-label={`Edit ${submission.name}`}>
      <TextField label="Name" value={name} onChange={setName} max={SUBMISSION_LIMITS.nameMax} required />
      <TextField label="Description" value={description} onChange={setDescription} max={SUBMISSION_LIMITS.descriptionMax} multiline />
      {replacement ? (
        <div className="flex flex-col gap-2">
          <ArtworkPicker onChange={setReplacement} />
          <button type="button" className={`${ui.ghost} ${ui.small} w-fit`} onClick={() => setReplacement(null)}>
            Keep the current image
          </button>
        </div>
      ) : (
        <button type="button" className={`${ui.secondary} ${ui.small} w-fit`} onClick={() => setReplacement({ kind: "draw", drawing: newDrawing() })}>
          Replace the image
        </button>
      )}
      <FormActions onCancel={onDone} busy={saving} submit="Save Changes" busyLabel="Saving..." />
    </form>
  );
}
