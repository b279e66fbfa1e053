import { COLLECTION } from "@pixlings/shared/collection";
import { LegalPage } from "./LegalPage.tsx";

const SECTIONS: readonly (readonly [string, string])[] = [
  [
    "1. The service",
    `${COLLECTION.name} is a storefront for ${COLLECTION.totalSupply.toLocaleString("en-US")} pixel-art tokens (ERC-721, symbol ${COLLECTION.symbol}). You can browse them, mint them with a browser wallet, and view the ones you own.`,
  ],
  [
    "2. Your wallet",
    "You are responsible for your wallet, its keys and every transaction you sign. Blockchain transactions cannot be reversed. Network fees (gas) are paid by you and are not refundable.",
  ],
  [
    "3. Purchases",
    `A Pix is sold once, on one chain. Prices are set per tier in the chain's coin. A wallet may hold at most ${COLLECTION.maxPerWallet} Pix from this storefront. A reservation made for your mint expires if the mint is not completed in time.`,
  ],
  [
    "4. What you own",
    "Owning a Pix gives you the token and the right to display its art for personal, non-commercial use. The art itself stays stored on-chain.",
  ],
  [
    "5. Availability",
    "We aim to keep the storefront available but do not guarantee it. We may change or end the service; tokens already minted stay on-chain.",
  ],
  ["6. Liability", "To the extent the law allows, we are not liable for losses from network failures, wallet software, market prices, or your own errors."],
  [
    "7. Governing law",
    "These terms are governed by the laws of Switzerland. The courts of Switzerland have exclusive jurisdiction, subject to mandatory consumer protection rules.",
  ],
];

export default function TermsPage() {
  return <LegalPage title="Terms of Service" sections={SECTIONS} />;
}
