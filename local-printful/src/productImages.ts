import sharp from "sharp";
import { findProduct, findVariant } from "./catalogue/variants.ts";
import { productSvg } from "./render/shapes.ts";

const SIZE = 400;

/** The catalogue's pictures (a product in its first colour, a variant in its own), rendered once each on first request. */
export class ProductImages {
  readonly #cache = new Map<string, Promise<Buffer>>();

  /** PNG of product `id` (`kind` "products") or variant `id` (`kind` "variants"); undefined when there is no such one. */
  image(kind: "products" | "variants", id: number): Promise<Buffer> | undefined {
    const key = `${kind}/${id}`;
    const cached = this.#cache.get(key);
    if (cached) return cached;
    const variant = kind === "variants" ? findVariant(id) : undefined;
    const product = kind === "products" ? findProduct(id) : variant?.product;
    if (!product) return undefined;
    const colour = variant?.colour ?? product.colours[0]!;
    const png = sharp(Buffer.from(productSvg(product.shape, colour.hex, "front", SIZE)))
      .png()
      .toBuffer();
    this.#cache.set(key, png);
    return png;
  }
}
