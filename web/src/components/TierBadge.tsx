import type { TierName } from "@pixlings/shared/tiers";

/** Spec colours: Artist red, Rare purple, Common grey (white text, AA contrast). */
const COLORS: Record<TierName, string> = {
  Artist: "bg-red-700 text-white",
  Rare: "bg-purple-700 text-white",
  Common: "bg-neutral-600 text-white",
};

export function TierBadge({ rarity, label }: { rarity: TierName; label?: string }) {
  return (
    <span data-tier={rarity} className={`inline-block max-w-full truncate rounded-full px-2 py-0.5 text-xs font-semibold ${COLORS[rarity]}`}>
      {label ?? rarity}
    </span>
  );
}
