/**
 * Merch previews (docs/map.md#merch-preview-rules, docs/map.md#the-api-calls `/api/printful/*`; the API's
 * api/src/merch/). Field names follow Printful's catalogue and mockup generator (snake_case), as
 * the spec shows them; the API answers them inside `{ result }` like Printful does.
 *
 * - `GET /api/printful/products` (anyone): MerchProductsResponse.
 * - `GET /api/printful/products/{id}` (anyone): MerchProductResponse; 404 for a product the
 *   catalogue does not have.
 * - `POST /api/printful/generate-mockup` (signed in, owner of the Pix): GenerateMockupRequest →
 *   GenerateMockupResponse; 400 bad input or a `pixUrl` that is not this site's image of a Pix,
 *   403 a Pix the user does not own, 404 unknown product, 429 `{ message, retryAfter }` (ours or
 *   Printful's), 502 Printful failed or answered something unreadable, 503 merch not configured.
 * - `GET /api/printful/check-task/{taskKey}` (signed in, the task's own user): MockupTaskResponse;
 *   404 for a task key that is not this user's. With `?wait={seconds}` (1..MOCKUP_WAIT_MAX_SECONDS,
 *   `@pixlings/shared/merch`) the answer is held until the task ends, and is pending only once
 *   the seconds are up; the same errors as a check (a Printful failure while it waited: 429, 502).
 */

/** A print file slot of a product; in a product's detail, the placements the mockup generator offers. */
export interface MerchFile {
  /** The placement key (`front`, `back`, `embroidery_chest_left`, `default`, ...). */
  id: string;
  type: string;
  title: string;
}

export interface MerchProduct {
  id: number;
  /** Printful's product type (`T-SHIRT`, `MUG`, ...). */
  type: string;
  /** Its name for people (`T-Shirt`, `Mug`): categories are found from this and `model`. */
  type_name: string;
  title: string;
  brand: string | null;
  model: string;
  image: string;
  variant_count: number;
  files: MerchFile[];
}

export interface MerchVariant {
  id: number;
  product_id: number;
  name: string;
  size: string;
  color: string;
  /** `#rrggbb`, when the variant has a colour. */
  color_code: string | null;
  image: string;
  /** Printful's price for this variant in USD, with 2 decimals ("13.50"): before shipping and taxes. */
  price: string;
  in_stock: boolean;
  /** `in_stock`, `stocked_on_demand`, `discontinued`, `out_of_stock` (Printful's, first region's). */
  availability_status: string;
}

export interface MerchProductsResponse {
  result: MerchProduct[];
}

export interface MerchProductResponse {
  result: { product: MerchProduct; variants: MerchVariant[] };
}

export interface GenerateMockupRequest {
  productId: number;
  variantId: number;
  /** Placement keys of the product (its detail's `files[].id`), at least one. */
  placements: string[];
  /**
   * This site's image of the Pix: `/pixlings/pix_{tokenId}.png` (or the same on the site's own
   * origin), any query (a cache-busting timestamp) ignored. The API never fetches it from here: it
   * reads only the token id and hands Printful a URL it builds itself.
   */
  pixUrl: string;
}

type MockupTaskStatus = "pending" | "completed" | "failed";

export interface GenerateMockupResponse {
  result: { task_key: string; status: MockupTaskStatus };
}

/** One more view of a mockup (another angle, a close-up). */
interface MockupView {
  url: string;
  option: string;
  title: string;
}

export interface Mockup {
  placement: string;
  /** The placement's name for people (`Front print`). */
  title: string;
  mockup_url: string;
  variant_ids: number[];
  extra: MockupView[];
}

export interface MockupTaskResponse {
  result: {
    task_key: string;
    status: MockupTaskStatus;
    /** Empty until completed. */
    mockups: Mockup[];
    /** Why it failed, when it did. */
    error: string | null;
  };
}
