import type { Nft } from "@pixlings/shared/http/nfts";
import { ui } from "../../components/ui.ts";
import { storyStats } from "../../stories/storyRules.ts";

export function OwnedSummary({ owned }: { owned: Nft[] }) {
  const count = (rarity: Nft["rarity"]) => owned.filter((nft) => nft.rarity === rarity).length;
  const stories = storyStats(owned);
  const items = [
    { label: "Total", value: String(owned.length) },
    { label: "Rare + Artist", value: String(count("Rare") + count("Artist")) },
    { label: "With stories", value: String(stories.withStories) },
    { label: "Story complete", value: `${stories.percentComplete}%` },
    { label: "Artist", value: String(count("Artist")) },
    { label: "Rare", value: String(count("Rare")) },
    { label: "Common", value: String(count("Common")) },
  ];
  return (
    <section aria-label="Summary" className={ui.card}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
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
