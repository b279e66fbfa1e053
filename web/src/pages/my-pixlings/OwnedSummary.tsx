import type { Nft } from "@pixlings/shared/http/nfts";
import { ui } from "../../components/ui.ts";

export function OwnedSummary({ owned }: { owned: Nft[] }) {
  const count = (rarity: Nft["rarity"]) => owned.filter((nft) => nft.rarity === rarity).length;
  const items = [
    { label: "Total", value: owned.length },
    { label: "Rare + Artist", value: count("Rare") + count("Artist") },
    { label: "Artist", value: count("Artist") },
    { label: "Rare", value: count("Rare") },
    { label: "Common", value: count("Common") },
  ];
  return (
    <section aria-label="Summary" className={ui.card}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {items.map((item) => (
          <div key={item.label}>
            <dt className={`text-xs ${ui.muted}`}>{item.label}</dt>
            <dd className="text-xl font-bold tabular-nums">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
