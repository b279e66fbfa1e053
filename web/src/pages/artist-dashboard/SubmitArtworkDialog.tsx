import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { SUBMISSION_LIMITS, type Submission } from "@pixlings/shared/http/submissions";
import { apiRequest } from "../../api/apiClient.ts";
import { ArtworkPicker } from "../../artwork/ArtworkPicker.tsx";
import type { ArtworkSource } from "../../artwork/artworkSource.ts";
import { newDrawing } from "../../artwork/drawing.ts";
import { buildSubmission, type SubmissionField } from "../../artwork/submissionRules.ts";
import { FormError } from "../../components/FormError.tsx";
import { Modal } from "../../components/Modal.tsx";
import { apiMessage } from "../../errors/accountErrors.ts";
import { toast } from "../../toast/toastStore.ts";
import { TextField } from "../../components/TextField.tsx";
import { FormActions } from "../../components/FormActions.tsx";

/** "Submit Artwork" (docs/map.md#artist-area, docs/map.md#validation, docs/map.md#errors): name, optional description, and a piece drawn or uploaded. */
export function SubmitArtworkDialog({ onClose }: { onClose(): void }) {
  const formId = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [source, setSource] = useState<ArtworkSource>(() => ({ kind: "draw", drawing: newDrawing() }));
  const [sending, setSending] = useState(false);
  // Shown in the dialog too: a modal dialog hides the toasts from assistive technology.
  const [problem, setProblem] = useState<string | null>(null);
  // A refused submit: the field at fault, marked and focused, with the message tied to it.
  const [invalid, setInvalid] = useState<{ field: SubmissionField; message: string } | null>(null);
  const fields = { name: useRef<HTMLInputElement & HTMLTextAreaElement>(null), description: useRef<HTMLInputElement & HTMLTextAreaElement>(null) };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const built = buildSubmission({ name, description, source });
    if (!built.ok) {
      // No toast: it would lie over the Submit button for its 5 s; the message stays by the field and in the form.
      const message = `${built.problem.title}: ${built.problem.description}`;
      setInvalid({ field: built.field, message });
      setProblem(message);
      const field = built.field === "artwork" ? null : fields[built.field].current;
      field?.scrollIntoView({ block: "center" });
      field?.focus({ preventScroll: true });
      return;
    }
    setInvalid(null);
    setProblem(null);
    setSending(true);
    try {
      await apiRequest<Submission>("/api/artists/submit", { method: "POST", body: built.form });
      toast({ title: "Artwork Submitted", description: "Your artwork has been submitted for admin review." });
      await queryClient.invalidateQueries({ queryKey: ["artists", "submissions"] });
      onClose();
    } catch (error) {
      const description = apiMessage(error) ?? "Failed to submit artwork. Please try again.";
      toast({ title: "Submission Failed", description, variant: "destructive" });
      setProblem(`Submission Failed: ${description}`);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      title="Submit Artwork"
      description="Draw a 9x9 piece or upload an image; an admin reviews it before it goes on-chain."
      onClose={onClose}
      busy={sending}
    >
      <form id={formId} onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
        <TextField
          label="Name"
          value={name}
          onChange={setName}
          max={SUBMISSION_LIMITS.nameMax}
          required
          inputRef={fields.name}
          error={invalid?.field === "name" ? invalid.message : null}
        />
        <TextField
          label="Description (optional)"
          value={description}
          onChange={setDescription}
          max={SUBMISSION_LIMITS.descriptionMax}
          multiline
          inputRef={fields.description}
          error={invalid?.field === "description" ? invalid.message : null}
        />
        <ArtworkPicker onChange={setSource} />
        <FormError message={invalid && invalid.field !== "artwork" ? null : problem} />
        <FormActions onCancel={onClose} busy={sending} submit="Submit Artwork" busyLabel="Submitting..." />
      </form>
    </Modal>
  );
}
