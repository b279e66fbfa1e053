import { ui } from "../../components/ui.ts";

type Status = "complete" | "in-progress" | "planned" | "future";

/** Only what the product backs: each item is built, or being built in this storefront (no promises nothing here stands behind). */
const PHASES: { phase: string; title: string; status: Status; items: { text: string; done: boolean }[] }[] = [
  {
    phase: "Phase 1",
    title: "Foundation",
    status: "complete",
    items: [
      { text: "Contract deployment", done: true },
      { text: "Art stored and drawn on-chain", done: true },
      { text: "Website launch", done: true },
    ],
  },
  {
    phase: "Phase 2",
    title: "Launch",
    status: "complete",
    items: [
      { text: "Public mint on Ethereum and Polygon", done: true },
      { text: "Card checkout, Pix held for you", done: true },
      { text: "Mint to Wallet", done: true },
    ],
  },
  {
    phase: "Phase 3",
    title: "Artists and owners",
    status: "complete",
    items: [
      { text: "Artist submissions and review", done: true },
      { text: "Names and stories for your Pix", done: true },
      { text: "Merch previews of your Pix", done: true },
    ],
  },
];

const STATUS_STYLE: Record<Status, string> = {
  complete: "bg-green-700 text-white",
  "in-progress": "bg-amber-300 text-neutral-950",
  planned: "bg-sky-700 text-white",
  future: "bg-neutral-600 text-white",
};

export function Roadmap() {
  return (
    <section aria-labelledby="roadmap-title" className={`${ui.container} mt-16`}>
      <h2 id="roadmap-title" className="mb-1 text-2xl font-bold">
        Roadmap
      </h2>
      <p className={`mb-4 ${ui.muted}`}>What is built so far. A new phase shows here once work on it has started.</p>
      <ol className="grid gap-4 md:grid-cols-3">
        {PHASES.map((phase) => (
          <li key={phase.phase} className={ui.card}>
            <div className="flex items-center justify-between gap-2">
              <h3 className="font-semibold">
                {phase.phase}: {phase.title}
              </h3>
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[phase.status]}`}>{phase.status}</span>
            </div>
            <ul className="mt-3 flex flex-col gap-1 text-sm">
              {phase.items.map((item) => (
                <li key={item.text} className="flex items-center gap-2">
                  <span aria-hidden="true">{item.done ? "✓" : "○"}</span>
                  <span>
                    {item.text}
                    <span className="sr-only">{item.done ? " (done)" : " (not done)"}</span>
                  </span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
