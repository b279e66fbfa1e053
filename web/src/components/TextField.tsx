import { useId, type Ref } from "react";
import { ui } from "./ui.ts";

/**
 * A labelled text input or textarea, with its "n/max characters" counter (red over the limit) when
 * it has a limit, and `error` (a refused submit's message about this field) tied to it and marking it invalid.
 */
export function TextField({
  label,
  value,
  onChange,
  max,
  multiline = false,
  required = false,
  type = "text",
  error = null,
  inputRef,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  max?: number;
  multiline?: boolean;
  required?: boolean;
  type?: "text" | "email" | "url";
  error?: string | null;
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
}) {
  const id = useId();
  const over = max !== undefined && value.trim().length > max;
  const describedBy = [error ? `${id}-error` : "", max !== undefined ? `${id}-count` : ""].filter(Boolean).join(" ");
  const common = {
    id,
    value,
    required,
    ref: inputRef,
    "aria-invalid": over || Boolean(error),
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {multiline ? <textarea {...common} className={`${ui.field} h-24 py-2`} /> : <input {...common} type={type} className={ui.field} />}
      {error && (
        <span id={`${id}-error`} className="text-sm font-semibold text-red-800 dark:text-red-200">
          {error}
        </span>
      )}
      {max !== undefined && (
        <span id={`${id}-count`} className={`text-xs tabular-nums ${over ? "font-semibold text-red-700 dark:text-red-300" : ui.muted}`}>
          {value.trim().length}/{max} characters
        </span>
      )}
    </div>
  );
}
