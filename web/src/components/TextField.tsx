import { useId } from "react";
import { ui } from "./ui.ts";

/** A labelled text input or textarea, with its "n/max characters" counter (red over the limit) when it has a limit. */
export function TextField({
  label,
  value,
  onChange,
  max,
  multiline = false,
  required = false,
  type = "text",
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  max?: number;
  multiline?: boolean;
  required?: boolean;
  type?: "text" | "email" | "url";
}) {
  const id = useId();
  const over = max !== undefined && value.trim().length > max;
  const common = {
    id,
    value,
    required,
    "aria-invalid": over,
    ...(max !== undefined ? { "aria-describedby": `${id}-count` } : {}),
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {multiline ? <textarea {...common} className={`${ui.field} h-24 py-2`} /> : <input {...common} type={type} className={ui.field} />}
      {max !== undefined && (
        <span id={`${id}-count`} className={`text-xs tabular-nums ${over ? "font-semibold text-red-700 dark:text-red-300" : ui.muted}`}>
          {value.trim().length}/{max} characters
        </span>
      )}
    </div>
  );
}
