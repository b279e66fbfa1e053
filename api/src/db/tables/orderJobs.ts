import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { currentRequestId } from "../../logging/requestContext.ts";
import { timestamptz } from "./columns.ts";
import { users } from "./accounts.ts";
import { cardOrders } from "./cardOrders.ts";

/**
 * What an order still has to do outside the database: `mint` its Pix to custody (one per order),
 * `transfer` a card Pix from custody to its buyer's wallet (one per Pix), `refund` money through
 * Stripe (one per refund decision), `cancel` its PaymentIntent (one per order), `payment_check`:
 * read its payment's refunds, dispute and fraud warnings from Stripe after such an event (one per
 * order, queued again by each event; written under the order's row lock, so no index is needed).
 */
export const orderJobKind = pgEnum("order_job_kind", ["mint", "transfer", "refund", "cancel", "payment_check"]);
/** queued: to do (again); sent: a transaction is out (its nonce, hash and signed bytes kept); done; failed: given up. */
export const orderJobState = pgEnum("order_job_state", ["queued", "sent", "done", "failed"]);

/**
 * The outbox of card and freemint orders: each job is written in the same transaction as the
 * decision that calls for it (an order paid, ids refunded, a Mint to Wallet asked), and done by the
 * fulfilment worker of any API process, outside any database transaction. A process claims a job
 * with a row lock and a lease (`lockedBy`: one token per claim, `lockedUntil`); a crashed one's
 * lease runs out and another takes over, checking the chain (or Stripe's idempotency) first.
 */
export const orderJobs = pgTable(
  "order_jobs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: orderJobKind("kind").notNull(),
    /** The order a mint, refund or cancel job is for. */
    orderId: text("order_id").references(() => cardOrders.id),
    /** The Pix a transfer job moves, the wallet it goes to, and who asked. */
    tokenId: integer("token_id"),
    toAddress: text("to_address"),
    userId: integer("user_id").references(() => users.id),
    /** A refund job's ids and USD cents (already recorded on its order when the job was written). */
    tokenIds: integer("token_ids").array(),
    amountCents: integer("amount_cents"),
    chainId: integer("chain_id").notNull(),
    state: orderJobState("state").notNull().default("queued"),
    /** Tries so far (sends, and failures before a send). */
    attempts: integer("attempts").notNull().default(0),
    runAfter: timestamptz("run_after").notNull().defaultNow(),
    lockedBy: text("locked_by"),
    lockedUntil: timestamptz("locked_until"),
    /** The last transaction sent for it: its sender's nonce, hash and signed bytes (to send again). */
    nonce: integer("nonce"),
    txHash: text("tx_hash"),
    rawTx: text("raw_tx"),
    /** When the last transaction was signed: one pending too long is signed again at its nonce with higher fees. */
    sentAt: timestamptz("sent_at"),
    /** What it produced outside: a refund's id. */
    resultId: text("result_id"),
    lastError: text("last_error"),
    /** The request that queued it (X-Request-Id): its logs and the worker's share the id. */
    requestId: text("request_id").$defaultFn(() => currentRequestId() ?? sql`null`),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // One mint and one cancel per order, one transfer per Pix: asking twice finds the first.
    uniqueIndex("order_jobs_mint_order_idx").on(t.orderId).where(sql`kind = 'mint'`),
    uniqueIndex("order_jobs_cancel_order_idx").on(t.orderId).where(sql`kind = 'cancel'`),
    uniqueIndex("order_jobs_transfer_token_idx").on(t.tokenId).where(sql`kind = 'transfer'`),
    index("order_jobs_order_idx").on(t.orderId),
    index("order_jobs_due_idx").on(t.runAfter).where(sql`state in ('queued', 'sent')`),
  ],
);

/**
 * The next nonce of each key the API sends with (minter, custody, art admin), shared by every API
 * process: a nonce is taken in a short transaction, never while waiting on a chain.
 */
export const keyNonces = pgTable("key_nonces", {
  /** `<chainId>:<address in lower case>`. */
  key: text("key").primaryKey(),
  nextNonce: integer("next_nonce").notNull(),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});
