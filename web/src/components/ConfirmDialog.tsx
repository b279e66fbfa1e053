import { useState } from "react";
import { FormError } from "./FormError.tsx";
import { Modal } from "./Modal.tsx";
import { ui } from "./ui.ts";

/**
 * "Are you sure?" before something that cannot be undone; the action runs once, and the dialog
 * stays while it does. An action that fails rejects with the sentence to show in the dialog.
 */
export function ConfirmDialog({
  title,
  text,
  confirm,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirm: string;
  onConfirm(): Promise<void>;
  onClose(): void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal title={title} description={text} onClose={onClose} busy={busy}>
      <FormError message={error} />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={ui.secondary} onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className={ui.danger}
          disabled={busy}
          onClick={() => {
            setBusy(true);
            setError(null);
            onConfirm()
              .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)))
              .finally(() => setBusy(false));
          }}
        >
          {busy ? "Working..." : confirm}
        </button>
      </div>
    </Modal>
  );
}
