import { eq, TransactionRollbackError } from "drizzle-orm";
import type { Address } from "viem";
import type { Db } from "../db/openDatabase.ts";
import { users, userWallets } from "../db/tables/accounts.ts";
import type { UserRow } from "./sessionUser.ts";

/**
 * The account a wallet (checksummed address) belongs to: the user it is linked to (a Google user
 * included), else a new wallet-only user, created on its first sign-in. Of two first sign-ins
 * racing, one creates the account and the other finds it.
 */
export async function findOrCreateWalletUser(db: Db, walletAddress: Address): Promise<UserRow> {
  const find = async (): Promise<UserRow | undefined> =>
    (await db.select({ user: users }).from(userWallets).innerJoin(users, eq(users.id, userWallets.userId)).where(eq(userWallets.address, walletAddress)))[0]
      ?.user;
  const existing = await find();
  if (existing) return existing;
  const created = await db
    .transaction(async (tx) => {
      const [user] = await tx.insert(users).values({}).returning();
      if (!user) throw new Error("insert into users returned nothing");
      const [linked] = await tx.insert(userWallets).values({ userId: user.id, address: walletAddress }).onConflictDoNothing().returning();
      // Another request linked it first: no second account.
      if (!linked) tx.rollback();
      return user;
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return undefined;
      throw error;
    });
  if (created) return created;
  const raced = await find();
  if (!raced) throw new Error(`user of ${walletAddress} vanished`);
  return raced;
}
