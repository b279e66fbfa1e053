/** Pages that would send the user straight back into sign-in: never a place to return to. */
const SIGN_IN_PAGES = new Set(["/login", "/login-failed"]);

/**
 * `path` when it is a same-origin path (leading "/", not "//" or "/\", no control characters) and
 * not a sign-in page; "/" otherwise. The API checks again; this keeps the URL we build honest.
 */
export function safeReturnTo(path: string | null | undefined): string {
  if (!path?.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return "/";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  if (/[\u0000-\u001f\u007f]/.test(path)) return "/";
  let pathname: string;
  try {
    const url = new URL(path, "http://same.origin");
    if (url.origin !== "http://same.origin") return "/";
    pathname = url.pathname;
  } catch {
    return "/";
  }
  return SIGN_IN_PAGES.has(pathname.replace(/\/+$/, "") || "/") ? "/" : path;
}

/** The navigation that starts Google sign-in and comes back to `returnTo`. */
export function googleLoginUrl(returnTo: string | null | undefined): string {
  return `/api/auth/google?returnTo=${encodeURIComponent(safeReturnTo(returnTo))}`;
}

/** Where a page sends the user back to: its own path, query and hash. */
export function pathOf(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${location.search}${location.hash}`;
}
