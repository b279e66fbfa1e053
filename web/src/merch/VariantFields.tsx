import { useId } from "react";
import type { MerchFile } from "@pixlings/shared/http/merch";
import { ui } from "../components/ui.ts";

interface VariantFieldsProps {
  colors: readonly string[];
  sizes: readonly string[];
  files: readonly MerchFile[];
  color: string | null;
  size: string | null;
  placements: readonly string[];
  onColor(color: string): void;
  onSize(size: string): void;
  onPlacement(placement: string): void;
}

/** A labelled select of `options`; while nothing is chosen, a placeholder first. */
function SelectField({ label, options, value, onChange }: { label: string; options: readonly string[]; value: string | null; onChange(value: string): void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} className={ui.field} value={value ?? ""} onChange={(event) => onChange(event.target.value)}>
        {value === null && <option value="">Select a {label.toLowerCase()}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Colour and size selects and the print placement toggles of the chosen product. */
export function VariantFields(props: VariantFieldsProps) {
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Color" options={props.colors} value={props.color} onChange={props.onColor} />
        <SelectField label="Size" options={props.sizes} value={props.size} onChange={props.onSize} />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Print placement</legend>
        <div className="flex flex-wrap gap-2">
          {props.files.map((file) => {
            const on = props.placements.includes(file.id);
            return (
              <button
                key={file.id}
                type="button"
                aria-pressed={on}
                className={`${on ? ui.primary : ui.secondary} ${ui.small}`}
                onClick={() => props.onPlacement(file.id)}
              >
                {file.title}
              </button>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
