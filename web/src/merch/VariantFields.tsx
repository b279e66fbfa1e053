import type { MerchFile } from "@pixlings/shared/http/merch";
import { SelectField } from "../components/SelectField.tsx";
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

/** A select of plain strings; while nothing is chosen, "Select a <label>" first. */
function Choice({ label, options, value, onChange }: { label: string; options: readonly string[]; value: string | null; onChange(value: string): void }) {
  return (
    <SelectField
      label={label}
      value={value ?? ""}
      options={options.map((option) => ({ value: option, label: option }))}
      placeholder={`Select a ${label.toLowerCase()}`}
      onChange={(chosen) => {
        if (chosen !== "") onChange(chosen);
      }}
    />
  );
}

/** Colour and size selects and the print placement toggles of the chosen product. */
export function VariantFields(props: VariantFieldsProps) {
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Choice label="Color" options={props.colors} value={props.color} onChange={props.onColor} />
        <Choice label="Size" options={props.sizes} value={props.size} onChange={props.onSize} />
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
