import type { User as UserResponse } from "@pixlings/shared/http/auth";
import type { User } from "./findOrCreateWalletUser.ts";

/** What `GET /api/auth/user` returns: the fields the web app reads (spec section 3, User). */
export function toUserResponse(user: User): UserResponse {
  return {
    firstName: user.firstName,
    username: user.username,
    email: user.email,
    walletAddress: user.walletAddress,
    isAdmin: user.isAdmin,
  };
}
