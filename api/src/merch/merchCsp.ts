import type { MerchConfig } from "../config/readConfig.ts";

/**
 * `connect-src` with Printful's image origins added to `base`'s (the card's, else `'self'`), so a
 * shopper can download a finished mockup (the page fetches the image and saves it); {} without merch.
 */
export function merchConnectSrc(base: Record<string, string[]>, merch: Pick<MerchConfig, "imageOrigins"> | undefined): Record<string, string[]> {
  if (!merch) return {};
  return { connectSrc: [...new Set([...(base.connectSrc ?? ["'self'"]), ...merch.imageOrigins])] };
}
