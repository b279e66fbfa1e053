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

/** Colour and size selects and the print placement toggles of the chosen product. */
export function VariantFields(props: VariantFieldsProps) {
  const colorId = useId();
  const sizeId = useId();
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={colorId} className="text-sm font-medium">
            Color
          </label>
          <select id={colorId} className={ui.field} value={props.color ?? ""} onChange={(event) => props.onColor(event.target.value)}>
            {props.color === null && <option value="">Select a color</option>}
            {props.colors.map((color) => (
              <option key={color} value={color}>
                {color}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={sizeId} className="text-sm font-medium">
            Size
          </label>
          <select id={sizeId} className={ui.field} value={props.size ?? ""} onChange={(event) => props.onSize(event.target.value)}>
            {props.size === null && <option value="">Select a size</option>}
            {props.sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
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
