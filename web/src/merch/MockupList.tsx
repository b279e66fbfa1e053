import type { Mockup } from "@pixlings/shared/http/merch";
import { ui } from "../components/ui.ts";

/** Every view of every generated mockup: the main image of each placement, then its other views. */
export function MockupList({ mockups, productTitle }: { mockups: readonly Mockup[]; productTitle: string }) {
  return (
    <section aria-label="Mockups" className="flex flex-col gap-4">
      <h3 className="font-semibold">Your preview</h3>
      <ul className="grid gap-4 sm:grid-cols-2">
        {mockups.flatMap((mockup) =>
          [{ url: mockup.mockup_url, title: mockup.title }, ...mockup.extra.map((view) => ({ url: view.url, title: `${mockup.title}: ${view.title}` }))].map(
            (view) => (
              <li key={view.url} className={ui.card}>
                <figure className="flex flex-col gap-2">
                  <a href={view.url} target="_blank" rel="noreferrer noopener">
                    <img src={view.url} alt={`${productTitle}, ${view.title}`} className="aspect-square w-full rounded-md object-contain" loading="lazy" />
                  </a>
                  <figcaption className={`text-sm ${ui.muted}`}>{view.title}</figcaption>
                </figure>
              </li>
            ),
          ),
        )}
      </ul>
    </section>
  );
}
