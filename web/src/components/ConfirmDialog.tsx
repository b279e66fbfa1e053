import { useState } from "react";
import { Modal } from "./Modal.tsx";
import { ui } from "./ui.ts";

/** "Are you sure?" before something that cannot be undone; the action runs once, and the dialog stays while it does. */
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
  return (
    <Modal title={title} description={text} onClose={onClose} busy={busy}>
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
            void onConfirm().finally(() => setBusy(false));
          }}
        >
          {busy ? "Working..." : confirm}
        </button>
      </div>
    </Modal>
  );
}
