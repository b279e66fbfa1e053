import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.ts";
import { users } from "./accounts.ts";
import { cardOrders } from "./cardOrders.ts";

/** A custody mint of a paid card or freemint order, or a custody transfer to its buyer's wallet. */
export const custodyJobKind = pgEnum("custody_job_kind", ["mint", "transfer"]);
/** queued: to do (again); sent: a transaction is out (its hash and raw bytes kept); done; failed: given up. */
export const custodyJobState = pgEnum("custody_job_state", ["queued", "sent", "done", "failed"]);

/**
 * The chain work of custody sales, written in the same transaction as what calls for it (an order
 * paid, a Mint to Wallet asked), done by the fulfilment worker of any API process. A process claims
 * a job with a row lock and a lease (`lockedBy`, `lockedUntil`); a crashed one's lease runs out and
 * another takes over, checking the chain before it sends anything again.
 */
export const custodyJobs = pgTable(
  "custody_jobs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: custodyJobKind("kind").notNull(),
    /** The order a mint job mints. */
    orderId: text("order_id").references(() => cardOrders.id),
    /** The Pix a transfer job moves, the wallet it goes to, and who asked. */
    tokenId: integer("token_id"),
    toAddress: text("to_address"),
    userId: integer("user_id").references(() => users.id),
    chainId: integer("chain_id").notNull(),
    state: custodyJobState("state").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    runAfter: timestamptz("run_after").notNull().defaultNow(),
    lockedBy: text("locked_by"),
    lockedUntil: timestamptz("locked_until"),
    /** The last transaction sent for it: its sender's nonce, hash and signed bytes (to send again). */
    nonce: integer("nonce"),
    txHash: text("tx_hash"),
    rawTx: text("raw_tx"),
    lastError: text("last_error"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // One mint per order, one transfer per Pix: asking twice finds the first.
    uniqueIndex("custody_jobs_mint_order_idx").on(t.orderId).where(sql`kind = 'mint'`),
    uniqueIndex("custody_jobs_transfer_token_idx").on(t.tokenId).where(sql`kind = 'transfer'`),
    index("custody_jobs_due_idx").on(t.runAfter).where(sql`state in ('queued', 'sent')`),
  ],
);
