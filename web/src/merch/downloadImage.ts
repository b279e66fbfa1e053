/** A file name for a mockup: "pixlings-42-white-glossy-mug-print-file.png" (the URL's own extension, else png). */
export function mockupFileName(tokenId: number, product: string, view: string, url: string): string {
  const slug = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "");
  const extension = /\.(png|jpe?g|webp)(?:$|\?)/i.exec(new URL(url, "http://x").pathname)?.[1]?.toLowerCase() ?? "png";
  return `pixlings-${tokenId}-${slug(product)}-${slug(view)}.${extension === "jpeg" ? "jpg" : extension}`;
}

/**
 * Saves the image at `url` as `fileName`: fetched (Printful's CDN and the stand-in allow any
 * origin) and handed to the browser as a download; if the fetch fails, the image opens in a new
 * tab, where it can be saved by hand.
 */
export async function downloadImage(url: string, fileName: string): Promise<void> {
  try {
    const res = await fetch(url, { credentials: "omit" });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const objectUrl = URL.createObjectURL(await res.blob());
    const link = document.createElement("a");
    link.href = objectUrl;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  } catch (error) {
    console.warn("Could not download the mockup; opening it instead", error);
    window.open(url, "_blank", "noopener");
  }
}
