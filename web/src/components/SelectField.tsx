import { useId } from "react";
import { ui } from "./ui.ts";

/**
 * A labelled select of fixed choices; `onChange` gets the chosen option's value (never anything
 * else). With a `placeholder`, that line shows first while nothing is chosen (value "").
 */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  placeholder,
}: {
  label: string;
  value: T | "";
  options: readonly { value: T | ""; label: string }[];
  onChange(value: T | ""): void;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className={ui.field}
        value={value}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {placeholder !== undefined && value === "" && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
