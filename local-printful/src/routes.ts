import { PRODUCTS } from "./catalogue/products.ts";
import { findProduct, variantsOfProduct } from "./catalogue/variants.ts";
import { type FileUrls, printfilesWire, productWire, variantWire } from "./catalogue/wire.ts";
import { parseCreateTaskBody } from "./createTaskBody.ts";
import type { MockupGenerator } from "./mockupGenerator.ts";
import { badRequest, notFound } from "./printfulError.ts";

export interface RouteContext {
  urls: FileUrls;
  generator: MockupGenerator;
}

interface ApiRequest {
  /** The path's capture (a product id), if the route has one. */
  id: string;
  query: URLSearchParams;
  /** The parsed JSON body of a POST. */
  body: unknown;
}

export interface ApiRoute {
  method: "GET" | "POST";
  pattern: RegExp;
  /** Counted against the mockup generator's own, stricter limit. */
  mockupLimited: boolean;
  /** Printful's `result`. */
  handle(context: RouteContext, request: ApiRequest): unknown;
}

function productOf(id: string) {
  const product = findProduct(Number(id));
  if (!product) throw notFound(`Product ${id} not found`);
  return product;
}

/** The part of Printful's v1 API the storefront uses: the catalogue and the mockup generator. */
const ROUTES: readonly ApiRoute[] = [
  {
    method: "GET",
    pattern: /^\/products$/,
    mockupLimited: false,
    handle: ({ urls }) => PRODUCTS.map((product) => productWire(product, urls)),
  },
  {
    method: "GET",
    pattern: /^\/products\/(\d{1,9})$/,
    mockupLimited: false,
    handle: ({ urls }, { id }) => {
      const product = productOf(id);
      return { product: productWire(product, urls), variants: variantsOfProduct(product.id).map((variant) => variantWire(variant, urls)) };
    },
  },
  {
    method: "GET",
    pattern: /^\/mockup-generator\/printfiles\/(\d{1,9})$/,
    mockupLimited: false,
    handle: (_context, { id }) => printfilesWire(productOf(id)),
  },
  {
    method: "POST",
    pattern: /^\/mockup-generator\/create-task\/(\d{1,9})$/,
    mockupLimited: true,
    handle: ({ generator }, { id, body }) => {
      const product = productOf(id);
      return generator.create(product, parseCreateTaskBody(body));
    },
  },
  {
    method: "GET",
    pattern: /^\/mockup-generator\/task$/,
    mockupLimited: false,
    handle: ({ generator }, { query }) => {
      const key = query.get("task_key");
      if (!key) throw badRequest("Missing task_key parameter");
      return generator.get(key);
    },
  },
];

/** The route for a method and path, and the id in its path; `methodless` when the path exists for another method. */
export function findRoute(method: string, pathname: string): { route: ApiRoute; id: string } | "wrong-method" | undefined {
  let other = false;
  for (const route of ROUTES) {
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    if (route.method === method) return { route, id: match[1] ?? "" };
    other = true;
  }
  return other ? "wrong-method" : undefined;
}
