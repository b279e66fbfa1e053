import { lt } from "drizzle-orm";
import { generateSiweNonce } from "viem/siwe";
import type { Db } from "../db/openDatabase.ts";
import { siweNonces } from "../db/tables/accounts.ts";

export interface IssueNonceParameters {
  ttlSeconds: number;
  now?: Date;
}

export interface IssueNonceReturnType {
  nonce: string;
  expiresAt: Date;
}

/** Issues a random single-use SIWE nonce valid for `ttlSeconds`, and forgets expired ones. */
export async function issueNonce(db: Db, { ttlSeconds, now = new Date() }: IssueNonceParameters): Promise<IssueNonceReturnType> {
  const nonce = generateSiweNonce();
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await db.delete(siweNonces).where(lt(siweNonces.expiresAt, now));
  await db.insert(siweNonces).values({ nonce, expiresAt, createdAt: now });
  return { nonce, expiresAt };
}
