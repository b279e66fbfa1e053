import type { ReactNode } from "react";
import { COLLECTION } from "@pixlings/shared/collection";
import type { ShopInfo } from "@pixlings/shared/http/shop";
import { ui } from "../../components/ui.ts";

type Section = readonly [heading: string, text: ReactNode];

const mail = (shop: ShopInfo | undefined): ReactNode =>
  shop ? (
    <a className={ui.link} href={`mailto:${shop.supportEmail}`}>
      {shop.supportEmail}
    </a>
  ) : (
    "the shop's support address"
  );

/** The terms, with the operator's figures (`GET /api/shop`) where they apply; `shop` undefined: not loaded (yet). */
export function termsSections(shop: ShopInfo | undefined): Section[] {
  const operator = shop?.operatorName ?? "its operator";
  const refundDays = shop ? `${shop.refundDays} days` : "the shop's refund period";
  return [
    [
      "1. The service",
      `${COLLECTION.name} is a storefront for ${COLLECTION.totalSupply.toLocaleString("en-US")} pixel-art tokens (ERC-721, symbol ${COLLECTION.symbol}) run by ${operator}. You can browse them, mint them with a browser wallet or buy them by card, and view the ones you own.`,
    ],
    [
      "2. Your wallet",
      "You are responsible for your wallet, its keys and every transaction you sign. Blockchain transactions cannot be reversed. Network fees (gas) of a wallet mint are paid by you and are not refundable.",
    ],
    [
      "3. Purchases",
      `A Pix is sold once, on one chain. Wallet prices are set per tier in the chain's coin. A wallet may hold at most ${COLLECTION.maxPerWallet} Pix from this storefront. A reservation made for your mint expires if the mint is not completed in time.`,
    ],
    [
      "4. Buying by card",
      <>
        <p>
          Card prices are in US dollars and include the card processing fee, the custody of your Pix and its minting, whose gas the shop pays. Cards are charged
          by our payment provider (Stripe); we never see your full card number. You need to be signed in: the purchase is kept on your account.
        </p>
        <p>
          Once your payment is confirmed, the shop mints the Pix on the primary chain to its custody address, where it is <strong>held for you</strong>.
        </p>
      </>,
    ],
    [
      "5. Pix held for you",
      `A Pix held for you is yours: it shows in My ${COLLECTION.name} as "Credit Card", you can name it, give it a story and preview merchandise with it. The shop keeps it in its custody address and never sells, lends or moves it, except to your own wallet (Mint to Wallet) or as sections 7 and 8 say.`,
    ],
    [
      "6. Mint to Wallet",
      "You can move a Pix held for you to your own wallet at any time: link the wallet to your account (you sign a message to prove it is yours), then use Mint to Wallet on the Pix. The shop pays the gas. A short waiting period after a card payment may apply; the Pix then shows when it ends. Once the Pix is in your wallet, the transfer cannot be undone and you alone hold it.",
    ],
    [
      "7. Refunds",
      <>
        <p>
          If the shop cannot deliver a Pix you paid for (another buyer minted it first, or minting fails), that Pix is refunded to your card automatically, at
          the price you paid for it.
        </p>
        <p>
          Otherwise you may ask for a refund within {refundDays} of the purchase by writing to {mail(shop)}, as long as the Pix is still held for you. A
          refunded Pix is no longer yours. A Pix already moved to your wallet cannot be refunded. Freemint Pix cost nothing and are not refunded.
        </p>
      </>,
    ],
    [
      "8. Disputes",
      <p key="disputes">
        Please write to {mail(shop)} before disputing a card payment with your bank: most problems are solved faster that way. While a payment is disputed, its
        Pix stays held and cannot be moved to a wallet. If the dispute ends with your money returned, the Pix is no longer yours; if it ends in the shop's
        favour, the Pix is yours again as before.
      </p>,
    ],
    [
      "9. If the shop closes",
      `Pix held for you live on the chain, not in our database. Before the shop closes we announce it at least ${shop ? `${shop.closingNoticeDays} days` : "the shop's notice period"} ahead, on this site and by email to every buyer with Pix held for them; during that time Mint to Wallet stays open and costs you nothing. After the closing, we still move held Pix to their buyers' wallets on request to the support address.`,
    ],
    [
      "10. What you own",
      "Owning a Pix gives you the token and the right to display its art for personal, non-commercial use. The art itself stays stored on-chain.",
    ],
    [
      "11. Availability",
      "We aim to keep the storefront available but do not guarantee it. We may change or end the service as section 9 says; tokens already minted stay on-chain.",
    ],
    ["12. Liability", "To the extent the law allows, we are not liable for losses from network failures, wallet software, market prices, or your own errors."],
    [
      "13. Governing law",
      "These terms are governed by the laws of Switzerland. The courts of Switzerland have exclusive jurisdiction, subject to mandatory consumer protection rules.",
    ],
  ];
}
