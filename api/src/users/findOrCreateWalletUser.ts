import { eq } from "drizzle-orm";
import type { Address } from "viem";
import type { Db } from "../db/openDatabase.ts";
import { users } from "../db/schema.ts";

export type User = typeof users.$inferSelect;

/** The account of a wallet (checksummed address), created on its first sign-in. */
export async function findOrCreateWalletUser(db: Db, walletAddress: Address): Promise<User> {
  const [created] = await db.insert(users).values({ walletAddress }).onConflictDoNothing({ target: users.walletAddress }).returning();
  if (created) return created;
  const [existing] = await db.select().from(users).where(eq(users.walletAddress, walletAddress));
  if (!existing) throw new Error(`user of ${walletAddress} vanished`);
  return existing;
}
