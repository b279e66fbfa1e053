const BASE = "http://pixlings.invalid";

/**
 * `returnTo` when it is a path of this site (one leading `/`, not `//` or `/\`, nothing that a
 * URL parser would read as another host, no control characters), else `/`.
 */
export function safeReturnTo(returnTo: unknown): string {
  if (typeof returnTo !== "string" || returnTo.length > 2048 || !returnTo.startsWith("/")) return "/";
  if (returnTo.startsWith("//") || returnTo.startsWith("/\\") || /[\p{Cc}\\]/u.test(returnTo)) return "/";
  try {
    return new URL(returnTo, BASE).origin === BASE ? returnTo : "/";
  } catch {
    return "/";
  }
}
