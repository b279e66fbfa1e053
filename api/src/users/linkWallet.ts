import type { Db } from "../db/openDatabase.ts";
import { hasPgErrorCode, PG_ERROR } from "../db/pgErrorCode.ts";
import { HttpError, unauthorized } from "../http/HttpError.ts";
import { linkWalletOnce, type LinkWalletOutcome, type LinkWalletParameters } from "./linkWalletOnce.ts";

export type { LinkWalletOutcome, LinkWalletParameters } from "./linkWalletOnce.ts";

/** Tries of the link transaction when it loses a race (a concurrent insert, a deadlock). */
const ATTEMPTS = 3;

const retryable = (error: unknown): boolean => hasPgErrorCode(error, PG_ERROR.deadlockDetected) || hasPgErrorCode(error, PG_ERROR.serializationFailure);

/**
 * Links a wallet (checksummed) to a user, in one transaction (`linkWalletOnce`): a free wallet is
 * linked, the user's own is left as it is, a wallet-only account's only wallet moves only when
 * confirmed, any other is 409. Of requests racing for one wallet exactly one wins; the others get
 * the 409 the winner's result calls for. A user deleted meanwhile (its account merged into
 * another) answers 401.
 */
export async function linkWallet(db: Db, parameters: LinkWalletParameters): Promise<LinkWalletOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await db.transaction((tx) => linkWalletOnce(tx, parameters));
      if (outcome !== "retry") return outcome;
    } catch (error) {
      if (hasPgErrorCode(error, PG_ERROR.foreignKeyViolation)) {
        throw unauthorized("Your session has ended: this account was merged into another one. Sign in again");
      }
      if (!retryable(error)) throw error;
    }
    if (attempt >= ATTEMPTS) throw new HttpError(409, `Wallet ${parameters.address} is being linked by another request right now: try again`);
  }
}
