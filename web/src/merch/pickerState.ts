import type { MerchProduct, MerchVariant } from "@pixlings/shared/http/merch";
import type { MerchCategoryName } from "@pixlings/shared/merch";
import { autoPlacement, colorsOf, defaultColor, defaultSize, sizesOf } from "./merchChoices.ts";
import type { MerchPreferences } from "./merchPreferences.ts";

/** What the shopper has chosen so far (docs/map.md#merch-preview-rules: category, product, placements, variant). */
export interface PickerState {
  category: MerchCategoryName | null;
  productId: number | null;
  /** The product whose details set the defaults below (they are set once per product). */
  detailsOf: number | null;
  placements: string[];
  color: string | null;
  size: string | null;
}

export type PickerAction =
  | { type: "category"; category: MerchCategoryName }
  | { type: "product"; productId: number | null }
  | { type: "details"; product: MerchProduct; variants: readonly MerchVariant[]; preferences: MerchPreferences }
  | { type: "color"; color: string; variants: readonly MerchVariant[]; productType: string; preferences: MerchPreferences }
  | { type: "size"; size: string }
  | { type: "placement"; placement: string };

export const INITIAL_PICKER: PickerState = { category: null, productId: null, detailsOf: null, placements: [], color: null, size: null };

const NOTHING_CHOSEN = { detailsOf: null, placements: [], color: null, size: null };

/**
 * The picker's choices. A new category or product resets everything that depends on it; a
 * product's details, once loaded, choose its placement, colour and size (remembered ones first);
 * a colour without the chosen size falls back to the default size for it.
 */
export function pickerReducer(state: PickerState, action: PickerAction): PickerState {
  switch (action.type) {
    case "category":
      return action.category === state.category ? state : { ...state, category: action.category, productId: null, ...NOTHING_CHOSEN };
    case "product":
      return action.productId === state.productId ? state : { ...state, productId: action.productId, ...NOTHING_CHOSEN };
    case "details": {
      if (action.product.id !== state.productId || state.detailsOf === state.productId) return state;
      const color = defaultColor(colorsOf(action.variants), action.preferences);
      const placement = autoPlacement(action.product.files);
      return {
        ...state,
        detailsOf: action.product.id,
        placements: placement === null ? [] : [placement],
        color,
        size: defaultSize(sizesOf(action.variants, color), action.product.type_name, action.preferences),
      };
    }
    case "color": {
      const sizes = sizesOf(action.variants, action.color);
      const size = state.size !== null && sizes.includes(state.size) ? state.size : defaultSize(sizes, action.productType, action.preferences);
      return { ...state, color: action.color, size };
    }
    case "size":
      return { ...state, size: action.size };
    case "placement": {
      const on = state.placements.includes(action.placement);
      return { ...state, placements: on ? state.placements.filter((p) => p !== action.placement) : [...state.placements, action.placement] };
    }
    default:
      return unhandled(action);
  }
}

const unhandled = (action: never): never => action;
