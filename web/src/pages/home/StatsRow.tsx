import { useQuery } from "@tanstack/react-query";
import { COLLECTION } from "@pixlings/shared/collection";
import { queries } from "../../api/queries.ts";
import { ui } from "../../components/ui.ts";
import { formatCount } from "../../format/format.ts";

/** Live from GET /api/stats (the design overrides the spec's hard-coded zeros). */
export function StatsRow() {
  const stats = useQuery(queries.stats());
  const value = (n: number | undefined) => (n === undefined ? "—" : formatCount(n));
  const items = [
    { label: `Total ${COLLECTION.name}`, value: formatCount(stats.data?.total ?? COLLECTION.totalSupply) },
    { label: "Minted", value: value(stats.data?.minted) },
    { label: "Owners", value: value(stats.data?.owners) },
    { label: "Available", value: value(stats.data?.available) },
  ];
  return (
    <section aria-labelledby="stats-title" className={`${ui.container} -mt-8`}>
      <h2 id="stats-title" className="sr-only">
        Collection stats
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map((item) => (
          <div key={item.label} className={`${ui.card} text-center`}>
            <dt className={`text-sm ${ui.muted}`}>{item.label}</dt>
            <dd className="mt-1 text-2xl font-extrabold tabular-nums">{item.value}</dd>
          </div>
        ))}
      </dl>
      {stats.error && <p className={`mt-2 text-sm ${ui.muted}`}>Live stats are unavailable: {stats.error.message}</p>}
    </section>
  );
}
