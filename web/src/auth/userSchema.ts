import * as z from "zod/mini";
import type { User } from "@pixlings/shared/http/auth";

/** The User the API answers (`@pixlings/shared/http/auth`), checked where it enters the page. */
const userSchema: z.ZodMiniType<User> = z.object({
  firstName: z.nullable(z.string()),
  username: z.nullable(z.string()),
  email: z.nullable(z.string()),
  walletAddress: z.nullable(z.string()),
  isAdmin: z.boolean(),
  isArtist: z.boolean(),
  profileImageUrl: z.nullable(z.string()),
  linkedWallets: z.array(z.string()),
  hasGoogle: z.boolean(),
  linkingDismissed: z.boolean(),
  adminSignInRequired: z.boolean(),
});

/** A user answer that is not a User is the server's fault: a clear error rather than a page that breaks later. */
export function parseUser(value: unknown): User {
  const result = userSchema.safeParse(value);
  if (!result.success) throw new Error(`The server's user answer is not a User: ${z.prettifyError(result.error)}`);
  return result.data;
}
