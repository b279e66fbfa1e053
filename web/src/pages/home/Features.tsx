import { ui } from "../../components/ui.ts";

const FEATURES = [
  {
    title: "True Decentralization",
    text: "Every Pix's palette and pixels live in the smart contract, and its image is drawn on-chain. No server, no IPFS link that can break.",
  },
  {
    title: "Dual Chain Support",
    text: "Mint on Ethereum or on Polygon. Each Pix exists once: minted on one chain, it is gone on the other.",
  },
  {
    title: "Authentic Collection",
    text: "9,999 unique 9x9 pieces in Common, Rare and Artist tiers, with 117 pieces made by artists.",
  },
];

export function Features() {
  return (
    <section aria-labelledby="features-title" className={`${ui.container} mt-16`}>
      <h2 id="features-title" className="mb-4 text-2xl font-bold">
        Why Pixlings
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        {FEATURES.map((feature) => (
          <article key={feature.title} className={ui.card}>
            <h3 className="text-lg font-semibold">{feature.title}</h3>
            <p className={`mt-2 text-sm ${ui.muted}`}>{feature.text}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
