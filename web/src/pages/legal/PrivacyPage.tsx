import { LegalPage } from "./LegalPage.tsx";

const SECTIONS: readonly (readonly [string, string])[] = [
  [
    "What we collect",
    "Your wallet address when you sign in with Ethereum, your session, and what you tell us (names and stories of your Pix). Public blockchain data (mints and transfers) is public by nature.",
  ],
  [
    "Card payments",
    "Card payments are processed by a card provider. We never see or store your full card number; the card provider handles it under its own privacy policy.",
  ],
  [
    "Cookies and local storage",
    "One session cookie keeps you signed in. Your browser stores your cart, theme and preferred chain locally; they never leave your device.",
  ],
  ["Minimum age", "You must be at least 13 years old to use this service."],
  ["Your rights", "You may ask us to see, correct or delete the personal data we hold about you. On-chain data cannot be deleted by anyone."],
];

export default function PrivacyPage() {
  return <LegalPage title="Privacy Policy" sections={SECTIONS} />;
}
