/**
 * The merchandise picker's rules (docs/map.md#merch-preview-rules): one home
 * for the categories, the excluded product, the polling and rate-limit timings and the local
 * preference keys.
 */
import { COLLECTION } from "./collection.ts";

/** Category buttons, in order, with the words that put a product in each (case-insensitive, on type name or model). */
export const MERCH_CATEGORIES = [
  { name: "Apparel", keywords: ["T-Shirt", "Hoodie", "Tank Top", "Long Sleeve", "Sweatshirt"] },
  { name: "Drinkware", keywords: ["Mug", "Travel Mug", "Water Bottle", "Tumbler"] },
  { name: "Home & Living", keywords: ["Pillow", "Blanket", "Canvas", "Poster", "Wall Art", "Ornament"] },
  { name: "Accessories", keywords: ["Bag", "Tote Bag", "Backpack", "Phone Case", "Sticker", "Pin"] },
] as const;

export type MerchCategoryName = (typeof MERCH_CATEGORIES)[number]["name"];

/** Products the picker never offers (docs/map.md#merch-preview-rules). */
export const EXCLUDED_PRODUCT_IDS: readonly number[] = [599];

/**
 * A generated preview is checked every 2 s, at most 30 times (docs/map.md#merch-preview-rules). The page asks with
 * `?wait=`, so the API answers as the task ends; these stay its limits: never two checks within
 * 2 s (when an answer comes back pending early), and no check after 60 s (web/src/merch/runPreview.ts).
 */
export const MOCKUP_POLL_INTERVAL_MS = 2_000;
export const MOCKUP_POLL_ATTEMPTS = 30;

/** The longest a check may be held (`check-task?wait=`): under the idle timeouts of common proxies (30-60 s). */
export const MOCKUP_WAIT_MAX_SECONDS = 25;

/** How long to wait after a 429 that does not say (docs/map.md#merch-preview-rules). */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** Sizes in the order people expect them (docs/map.md#merch-preview-rules); other sizes keep their order after these. */
export const SIZE_ORDER = ["XS", "S", "M", "L", "XL", "2XL", "3XL", "4XL", "5XL"] as const;

/** localStorage keys of the picker's remembered choices (docs/map.md#merch-preview-rules). */
export const COLOR_PREFERENCES_KEY = "userColorPreferences";
export const SIZE_PREFERENCES_KEY = "userSizePreferences";

/** The site path of a Pix's image, `/pixlings/pix_{tokenId}.png`: what a preview request names and what print services fetch. */
export const pixImagePath = (tokenId: number): string => `/${COLLECTION.slug}/pix_${tokenId}.png`;
