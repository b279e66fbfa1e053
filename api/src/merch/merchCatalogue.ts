import type { MerchProduct, MerchVariant } from "@pixlings/shared/http/merch";
import { notFound } from "../http/HttpError.ts";
import { type Refreshing, staleWhileRevalidate } from "../market/staleWhileRevalidate.ts";
import { createFailureMemory } from "./failureMemory.ts";
import type { PrintfulClient } from "./printfulClient.ts";
import type { WirePrintfiles } from "./printfulWire.ts";
import { toMerchProduct, toMerchVariant } from "./toMerchProduct.ts";

/** A placement of a product: its name for people and its print file's size for each variant. */
interface Placement {
  title: string;
  printfiles: ReadonlyMap<number, { width: number; height: number }>;
}

interface ProductDetail {
  /** `files` are the placements the mockup generator takes. */
  product: MerchProduct;
  variants: MerchVariant[];
  placements: ReadonlyMap<string, Placement>;
}

export interface MerchCatalogue {
  products(): Promise<MerchProduct[]>;
  /** 404 for an id the catalogue does not list (Printful is not asked). */
  product(productId: number): Promise<ProductDetail>;
}

export interface CatalogueTiming {
  /** Older than this, an answer is refreshed in the background. */
  maxAgeMs: number;
  /** Older than this, it is not served any more (Printful being away then fails the request). */
  maxStaleMs: number;
  /** A load taking longer fails. */
  timeoutMs: number;
  /** A failed load (other than Printful's 429, remembered for as long as it says) is not retried for this long. */
  failureMemoryMs: number;
}

function placementsOf(printfiles: WirePrintfiles): Map<string, Placement> {
  const sizes = new Map(printfiles.printfiles.map((file) => [file.printfile_id, { width: file.width, height: file.height }]));
  const placements = new Map<string, Placement>();
  for (const [key, title] of Object.entries(printfiles.available_placements)) {
    const byVariant = new Map<number, { width: number; height: number }>();
    for (const entry of printfiles.variant_printfiles) {
      const printfileId = entry.placements[key];
      const size = printfileId === undefined ? undefined : sizes.get(printfileId);
      if (size) byVariant.set(entry.variant_id, size);
    }
    if (byVariant.size > 0) placements.set(key, { title, printfiles: byVariant });
  }
  return placements;
}

/**
 * Printful's catalogue held in memory, so browsing the picker costs Printful nothing: the product
 * list, and each product's variants and placements (from its printfiles) once asked for, each
 * refreshed in the background when old, the last good answer kept while Printful is away. Only ids
 * in the list are ever fetched: unknown ids cannot make the API spend its token. Failures are
 * remembered (failureMemory.ts): while Printful says to wait, or shortly after it failed, requests
 * are answered from memory and Printful is not asked.
 */
export function createMerchCatalogue(client: PrintfulClient, timing: CatalogueTiming): MerchCatalogue {
  const failures = createFailureMemory(timing.failureMemoryMs);
  const list = staleWhileRevalidate(
    failures.remembering(async () => (await client.listProducts()).map((product) => toMerchProduct(product))),
    timing,
  );
  const details = new Map<number, Refreshing<ProductDetail>>();
  const load = async (productId: number): Promise<ProductDetail> => {
    const [detail, printfiles] = await Promise.all([client.getProduct(productId), client.getPrintfiles(productId)]);
    const placements = placementsOf(printfiles);
    const files = [...placements].map(([key, placement]) => ({ id: key, type: key, title: placement.title }));
    return { product: toMerchProduct(detail.product, files), variants: detail.variants.map(toMerchVariant), placements };
  };
  return {
    products: () => list.get(),
    async product(productId) {
      if (!(await list.get()).some((product) => product.id === productId)) throw notFound(`Product ${productId} is not in the merchandise catalogue`);
      let detail = details.get(productId);
      if (!detail) {
        detail = staleWhileRevalidate(
          failures.remembering(() => load(productId)),
          timing,
        );
        details.set(productId, detail);
      }
      return detail.get();
    },
  };
}
