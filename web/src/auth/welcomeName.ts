import type { User } from "@pixlings/shared/http/auth";

/** What the header welcomes the user as (spec): first name, else email, else "User". */
export function welcomeName(user: Pick<User, "firstName" | "email">): string {
  return user.firstName?.trim() || user.email?.trim() || "User";
}
