/**
 * `GET /api/shop` (anyone): who runs the shop and how to reach them, and the figures its terms
 * promise card buyers. Set by the operator's environment (api/src/shop/shopConfig.ts).
 */
export interface ShopInfo {
  /** The person or company that runs this storefront and sells its card purchases. */
  operatorName: string;
  /** Where buyers write for help, refunds and disputes. */
  supportEmail: string;
  /** Days after a card purchase in which its buyer may ask for a refund while the Pix is still held for them. */
  refundDays: number;
  /** Days of notice before the shop closes, in which held Pix can still be moved to their buyers' wallets. */
  closingNoticeDays: number;
  /** True while the operator and support are the development defaults: the page says so. */
  development: boolean;
}
