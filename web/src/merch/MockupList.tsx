import type { Mockup } from "@pixlings/shared/http/merch";
import { ui } from "../components/ui.ts";
import { downloadImage, mockupFileName } from "./downloadImage.ts";
import { formatMerchPrice } from "./merchPrice.ts";

/**
 * Every view of every generated mockup (the main image of each placement, then its other views),
 * each with a Download; above them, the product and Printful's price of the variant shown.
 */
export function MockupList({
  mockups,
  productTitle,
  variantName,
  price,
  tokenId,
}: {
  mockups: readonly Mockup[];
  productTitle: string;
  variantName: string;
  price: string;
  tokenId: number;
}) {
  return (
    <section aria-label="Mockups" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">Your preview</h3>
        <p className="text-sm" data-testid="mockup-price">
          {variantName}: <span className="font-semibold">{formatMerchPrice(price)}</span>{" "}
          <span className={ui.muted}>at Printful, before shipping and taxes</span>
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2">
        {mockups.flatMap((mockup) =>
          [{ url: mockup.mockup_url, title: mockup.title }, ...mockup.extra.map((view) => ({ url: view.url, title: `${mockup.title}: ${view.title}` }))].map(
            (view) => (
              <li key={view.url} className={ui.card}>
                <figure className="flex flex-col gap-2">
                  <a href={view.url} target="_blank" rel="noreferrer noopener">
                    <img src={view.url} alt={`${productTitle}, ${view.title}`} className="aspect-square w-full rounded-md object-contain" loading="lazy" />
                  </a>
                  <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span className={ui.muted}>{view.title}</span>
                    <button
                      type="button"
                      className={`${ui.secondary} ${ui.small}`}
                      aria-label={`Download ${view.title}`}
                      onClick={() => void downloadImage(view.url, mockupFileName(tokenId, productTitle, view.title, view.url))}
                    >
                      Download
                    </button>
                  </figcaption>
                </figure>
              </li>
            ),
          ),
        )}
      </ul>
    </section>
  );
}
