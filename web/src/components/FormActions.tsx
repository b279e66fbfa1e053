import { ui } from "./ui.ts";

/** A form's Cancel and submit buttons: both disabled while `busy`, the submit one labelled `busyLabel` meanwhile. */
export function FormActions({
  onCancel,
  busy,
  submit,
  busyLabel,
  disabled = false,
  danger = false,
}: {
  onCancel(): void;
  busy: boolean;
  submit: string;
  busyLabel: string;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <button type="button" className={ui.secondary} onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button type="submit" className={danger ? ui.danger : ui.primary} disabled={busy || disabled}>
        {busy ? busyLabel : submit}
      </button>
    </div>
  );
}
