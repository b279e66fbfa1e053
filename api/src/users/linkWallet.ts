import { eq } from "drizzle-orm";
import type { Address } from "viem";
import type { Db } from "../db/openDatabase.ts";
import { userWallets } from "../db/schema.ts";
import { HttpError } from "../http/HttpError.ts";

/**
 * Links a wallet (checksummed) to a user; linking it again is a no-op. A wallet linked to another
 * user answers 409: accounts are never merged silently.
 */
export async function linkWallet(db: Db, { userId, address }: { userId: number; address: Address }): Promise<void> {
  const [linked] = await db.insert(userWallets).values({ userId, address }).onConflictDoNothing({ target: userWallets.address }).returning();
  if (linked) return;
  const [holder] = await db.select({ userId: userWallets.userId }).from(userWallets).where(eq(userWallets.address, address));
  if (holder?.userId === userId) return;
  throw new HttpError(409, `Wallet ${address} is already linked to another Pixlings account: sign in with it to use that account`);
}
