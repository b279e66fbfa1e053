import { ui } from "../../components/ui.ts";

type Status = "complete" | "in-progress" | "planned" | "future";

const PHASES: { phase: string; title: string; status: Status; items: { text: string; done: boolean }[] }[] = [
  {
    phase: "Phase 1",
    title: "Foundation",
    status: "complete",
    items: [
      { text: "Contract deployment", done: true },
      { text: "Website launch", done: true },
      { text: "Community building", done: true },
    ],
  },
  {
    phase: "Phase 2",
    title: "Launch",
    status: "in-progress",
    items: [
      { text: "Public mint", done: true },
      { text: "Marketplace listing", done: false },
      { text: "Rarity reveals", done: false },
    ],
  },
  {
    phase: "Phase 3",
    title: "Expansion",
    status: "planned",
    items: [
      { text: "Gaming integration", done: false },
      { text: "Metaverse land", done: false },
      { text: "Pixlings token", done: false },
    ],
  },
  {
    phase: "Phase 4",
    title: "Ecosystem",
    status: "future",
    items: [
      { text: "DAO governance", done: false },
      { text: "Mobile app", done: false },
      { text: "Physical merch", done: false },
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
      <h2 id="roadmap-title" className="mb-4 text-2xl font-bold">
        Roadmap
      </h2>
      <ol className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
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
