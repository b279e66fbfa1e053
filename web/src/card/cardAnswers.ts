import * as z from "zod/mini";
import {
  CARD_ORDER_STATES,
  FREEMINT_CARD_TYPES,
  type CardConfig,
  type CardOrderPayment,
  type CardOrderView,
  type CardReceipt,
  type CheckoutResponse,
  type FreemintCardCheck,
} from "@pixlings/shared/http/checkout";
import type { MintToWalletResponse } from "@pixlings/shared/http/owners";

/** The card path's answers (`@pixlings/shared/http/checkout`, `owners`), checked where they enter the page. */

const cents = z.number().check(z.int(), z.nonnegative());

const cardConfigSchema: z.ZodMiniType<CardConfig> = z.object({
  enabled: z.boolean(),
  publishableKey: z.nullable(z.string()),
  standInUrl: z.nullable(z.url()),
  prices: z.object({ common: cents, rare: cents, artist: cents }),
});

const checkoutResponseSchema: z.ZodMiniType<CheckoutResponse> = z.object({
  clientSecret: z.string().check(z.minLength(1)),
  orderId: z.string().check(z.minLength(1)),
  amount: cents,
});

const cardOrderSchema: z.ZodMiniType<CardOrderView> = z.object({
  orderId: z.string(),
  state: z.enum(CARD_ORDER_STATES),
  tokenIds: z.array(z.number()),
  tokenCents: z.array(cents),
  refundedTokenIds: z.array(z.number()),
  amount: cents,
  refundedAmount: cents,
  chainId: z.number(),
  txHash: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  source: z.enum(["card", "freemint"]),
  updatedAt: z.string(),
});

const cardOrderPaymentSchema: z.ZodMiniType<CardOrderPayment> = z.object({
  clientSecret: z.string().check(z.regex(/^pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/)),
  heldUntil: z.string(),
});

const cardReceiptSchema: z.ZodMiniType<CardReceipt> = z.object({
  orderId: z.string(),
  createdAt: z.string(),
  items: z.array(z.object({ tokenId: z.number(), cents })),
  amount: cents,
  refundedAmount: cents,
  card: z.nullable(z.object({ brand: z.string(), last4: z.string() })),
  receiptEmail: z.nullable(z.string()),
});

const freemintCardSchema: z.ZodMiniType<FreemintCardCheck> = z.object({
  code: z.string(),
  cardType: z.enum(FREEMINT_CARD_TYPES),
  freeSlots: z.number().check(z.int(), z.nonnegative()),
  expiresAt: z.nullable(z.string()),
});

const mintToWalletSchema: z.ZodMiniType<MintToWalletResponse> = z.object({
  tokenId: z.number(),
  walletAddress: z.string(),
  chainId: z.number(),
  txHash: z.nullable(z.string()),
  status: z.enum(["queued", "pending", "confirmed"]),
});

/** An answer that is not what the contract says is the server's fault: a clear error rather than a page that breaks later. */
function checked<T>(schema: z.ZodMiniType<T>, what: string): (value: unknown) => T {
  return (value) => {
    const result = schema.safeParse(value);
    if (!result.success) throw new Error(`The server's ${what} answer is not valid: ${z.prettifyError(result.error)}`);
    return result.data;
  };
}

export const parseCardConfig = checked(cardConfigSchema, "card configuration");
export const parseCheckoutResponse = checked(checkoutResponseSchema, "checkout");
export const parseCardOrder = checked(cardOrderSchema, "order");
export const parseCardOrderPayment = checked(cardOrderPaymentSchema, "payment");
export const parseCardReceipt = checked(cardReceiptSchema, "receipt");
export const parseFreemintCard = checked(freemintCardSchema, "freemint card");
export const parseMintToWallet = checked(mintToWalletSchema, "Mint to Wallet");
