import { LOGIN_FAILURES, type LoginFailure } from "@pixlings/shared/http/auth";

/**
 * What `/login-failed?error=…` shows: one of the shop's own failures and its sentence. The query's
 * `error_description` is never shown (a link anyone can make, and once the provider's own words);
 * an `error` the shop does not know reads as `sign_in_failed`.
 */
export function loginFailureOf(error: string | null): { code: LoginFailure | "unknown"; message: string } {
  if (error !== null && Object.hasOwn(LOGIN_FAILURES, error)) {
    const code = error as LoginFailure;
    return { code, message: LOGIN_FAILURES[code] };
  }
  return { code: "unknown", message: LOGIN_FAILURES.sign_in_failed };
}
