import type { User as UserResponse } from "@pixlings/shared/http/auth";
import type { SessionUser } from "./sessionUser.ts";

/** What `GET /api/auth/user` returns: the User of docs/map.md#user plus what the web app needs. */
export function toUserResponse(user: SessionUser): UserResponse {
  return {
    firstName: user.firstName,
    username: user.username,
    email: user.email,
    walletAddress: user.walletAddress ?? user.linkedWallets[0] ?? null,
    isAdmin: user.isAdmin,
    isArtist: user.isArtist,
    profileImageUrl: user.pictureUrl,
    linkedWallets: user.linkedWallets,
    hasGoogle: user.googleSub !== null,
    linkingDismissed: user.linkingDismissed,
    adminSignInRequired: user.isAdminEmail && !user.isAdmin,
  };
}
