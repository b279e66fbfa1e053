import { keccak256, toHex, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { StackInfo } from "@pixlings/test-kit/stack";

/** The environment variable through which the global setup tells the tests about the stack. */
export const STACK_ENV = "PIXLINGS_E2E_STACK";

const key = (label: string): Hex => keccak256(toHex(`pixlings-e2e:${label}`));
const wallet = (label: string) => {
  const privateKey = key(label);
  return { privateKey, address: privateKeyToAccount(privateKey).address };
};

/** Buyers of the browser tests, funded on both chains by the global setup. */
export const E2E_WALLETS = {
  buyer: wallet("buyer"),
  second: wallet("second"),
  single: wallet("single"),
  rejecter: wallet("rejecter"),
  // Accounts (accounts.spec.ts): each test links its own wallet, so no test depends on another.
  linker: wallet("linker"),
  contested: wallet("contested"),
  dismisser: wallet("dismisser"),
  mover: wallet("mover"),
  pageMover: wallet("page-mover"),
  // Card checkout (card.spec.ts): the wallet a card buyer links, and the one a freemint Pix is minted to.
  cardBuyer: wallet("card-buyer"),
  freemint: wallet("freemint"),
  // Merch (merch.spec.ts): mints the Pix it previews.
  merch: wallet("merch"),
  // The mint page's progress (noWallet.spec.ts) and a minted Pix's owner and history (provenance.spec.ts).
  progress: wallet("progress"),
  collector: wallet("collector"),
  // The header's sign-in states and the cart's toasts (layout.spec.ts).
  layout: wallet("layout"),
  // Verify on-chain (verify.spec.ts): mints the Pix it then verifies through tokenURI.
  verifier: wallet("verifier"),
  // Live activity (activity.spec.ts): mints straight on the chain, as another shop's buyer would.
  activity: wallet("activity"),
} as const;

export function stackInfo(): StackInfo {
  const raw = process.env[STACK_ENV];
  if (!raw) throw new Error(`${STACK_ENV} is not set: run the browser tests with \`npm run test:e2e\``);
  return JSON.parse(raw) as StackInfo;
}
