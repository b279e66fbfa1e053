import { z } from "zod";
import { type Env, intAtLeast, optional } from "@pixlings/shared/env";
import type { ShopInfo } from "@pixlings/shared/http/shop";

/** Development defaults: they say what they are, and the production rules refuse them. */
export const DEV_OPERATOR_NAME = "Pixlings development build (no operator set)";
export const DEV_SUPPORT_EMAIL = "support@pixlings.test";
const DEFAULT_REFUND_DAYS = 14;
const DEFAULT_CLOSING_NOTICE_DAYS = 90;

export const ShopEnvSchema = z.object({
  SHOP_OPERATOR_NAME: optional(z.string().trim().min(2, "must name the operator").max(200, "at most 200 characters")),
  SHOP_SUPPORT_EMAIL: optional(z.email("must be an email address")),
  SHOP_REFUND_DAYS: optional(intAtLeast(0).max(365)),
  SHOP_CLOSING_NOTICE_DAYS: optional(intAtLeast(30).max(3650)),
});

/**
 * The shop's operator, support contact and terms figures from env, else honest development
 * defaults; `problems` lists what the production rules refuse (the defaults).
 */
export function readShopConfig(env: Env, productionRules: boolean): { shop: ShopInfo; problems: string[] } {
  const e = ShopEnvSchema.parse(env);
  const problems: string[] = [];
  if (productionRules && e.SHOP_OPERATOR_NAME === undefined) problems.push("SHOP_OPERATOR_NAME: must be set to who runs the shop (its terms name them)");
  if (productionRules && e.SHOP_SUPPORT_EMAIL === undefined) problems.push("SHOP_SUPPORT_EMAIL: must be set to the address buyers write to for support");
  return {
    shop: {
      operatorName: e.SHOP_OPERATOR_NAME ?? DEV_OPERATOR_NAME,
      supportEmail: e.SHOP_SUPPORT_EMAIL ?? DEV_SUPPORT_EMAIL,
      refundDays: e.SHOP_REFUND_DAYS ?? DEFAULT_REFUND_DAYS,
      closingNoticeDays: e.SHOP_CLOSING_NOTICE_DAYS ?? DEFAULT_CLOSING_NOTICE_DAYS,
      development: e.SHOP_OPERATOR_NAME === undefined || e.SHOP_SUPPORT_EMAIL === undefined,
    },
    problems,
  };
}
