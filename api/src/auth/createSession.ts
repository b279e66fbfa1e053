import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../db/openDatabase.ts";
import { sessions } from "../db/tables/accounts.ts";
import { createSessionToken, sessionIdOf } from "./sessionToken.ts";

/** How a session signs in: Google, or Sign-In with Ethereum by a wallet (EIP-55). */
export type SignInBy = { with: "google" } | { with: "wallet"; address: string };

export interface CreateSessionParameters {
  userId: number;
  signIn: SignInBy;
  secret: string;
  ttlSeconds: number;
  now?: Date;
}

export interface CreateSessionReturnType {
  /** The signed value for the session cookie. */
  cookieValue: string;
  expiresAt: Date;
}

/** Starts a session for a user (and drops that user's expired ones). */
export async function createSession(db: Db, parameters: CreateSessionParameters): Promise<CreateSessionReturnType> {
  const { userId, signIn, secret, ttlSeconds, now = new Date() } = parameters;
  const { token, cookieValue } = createSessionToken(secret);
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
  await db.insert(sessions).values({
    id: sessionIdOf(token),
    userId,
    signedInWith: signIn.with,
    walletAddress: signIn.with === "wallet" ? signIn.address : null,
    expiresAt,
    createdAt: now,
  });
  return { cookieValue, expiresAt };
}
