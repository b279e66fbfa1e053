import { useState } from "react";
import { ui } from "../../components/ui.ts";

const QUESTIONS = [
  {
    q: "What is a Pix?",
    a: "A Pix is one of 9,999 unique 9x9 pixel-art tokens (ERC-721, symbol PIX). Its colours and pixels are stored in the contract, and the image is drawn from them on-chain.",
  },
  {
    q: "Which chains can I mint on?",
    a: "Ethereum and Polygon (Sepolia and Amoy test networks). Every Pix can be minted once, on one chain: once minted on one, it is gone on the other.",
  },
  {
    q: "How do I mint?",
    a: "Connect a browser wallet, sign in with Ethereum, pick a Pix (or fill your cart with up to 10) and confirm one transaction in your wallet. The Pix goes straight to your wallet.",
  },
  {
    q: "Can I buy without a wallet?",
    a: "Yes: sign in with Google and pay by card. The shop mints your Pix and holds it for you; move it to your own wallet whenever you like with Mint to Wallet (the shop pays the gas). The Terms of Service say what a card purchase includes, refunds and what happens if the shop closes.",
  },
  {
    q: "What do Pix cost?",
    a: "The price depends on the tier: Common, Rare or Artist. Prices are set in each chain's coin (ETH or POL) by the contract.",
  },
  {
    q: "How many can I own?",
    a: "Up to 10 Pix per wallet.",
  },
];

/** One answer open at a time; clicking an open question closes it. */
export function Faq() {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <section aria-labelledby="faq-title" className={`${ui.container} mt-16`}>
      <h2 id="faq-title" className="mb-4 text-2xl font-bold">
        Frequently Asked Questions
      </h2>
      <div className="flex flex-col gap-2">
        {QUESTIONS.map((item, index) => {
          const expanded = open === index;
          return (
            <div key={item.q} className="rounded-lg border border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900">
              <h3>
                <button
                  type="button"
                  id={`faq-q-${index}`}
                  aria-expanded={expanded}
                  aria-controls={`faq-a-${index}`}
                  onClick={() => setOpen(expanded ? null : index)}
                  className="flex w-full items-center justify-between gap-4 px-4 py-3 text-left font-semibold"
                >
                  {item.q}
                  <span aria-hidden="true">{expanded ? "−" : "+"}</span>
                </button>
              </h3>
              <section id={`faq-a-${index}`} aria-labelledby={`faq-q-${index}`} hidden={!expanded} className={`px-4 pb-4 text-sm ${ui.muted}`}>
                {item.a}
              </section>
            </div>
          );
        })}
      </div>
    </section>
  );
}
