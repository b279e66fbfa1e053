import { READY_ACCOUNTS } from "./accounts.ts";

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

export interface SignInPageParameters {
  uid: string;
  clientName: string;
  /** Shown above the form after a refused submission. */
  error?: string | undefined;
}

/** The stand-in's sign-in page: a button per ready account, any email typed in, and Cancel. */
export function signInPage({ uid, clientName, error }: SignInPageParameters): string {
  const action = `/interaction/${encodeURIComponent(uid)}/login`;
  const buttons = Object.entries(READY_ACCOUNTS)
    .map(
      ([key, account]) =>
        `<button type="submit" name="account" value="${escapeHtml(key)}">${escapeHtml(account.name)} <small>${escapeHtml(account.email)}</small></button>`,
    )
    .join("\n      ");
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sign in - Local Google</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #202124; }
    form { display: grid; gap: .5rem; margin-bottom: 1.5rem; }
    button { padding: .6rem; text-align: left; border: 1px solid #dadce0; border-radius: .4rem; background: #fff; cursor: pointer; }
    small { color: #5f6368; }
    input { padding: .6rem; border: 1px solid #dadce0; border-radius: .4rem; }
    .error { color: #d93025; }
  </style>
</head>
<body>
  <h1>Sign in</h1>
  <p>to continue to ${escapeHtml(clientName)} (a local stand-in for Google: no password).</p>
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
  <form method="post" action="${action}">
      ${buttons}
  </form>
  <form method="post" action="${action}">
    <label for="email">Or any email</label>
    <input id="email" name="email" type="email" required autocomplete="email">
    <button type="submit">Continue</button>
  </form>
  <form method="post" action="/interaction/${encodeURIComponent(uid)}/abort">
    <button type="submit">Cancel</button>
  </form>
</body>
</html>`;
}

/** A small round avatar with the account's initial. */
export function avatarSvg(initial: string, hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="hsl(${hue} 60% 45%)"/><text x="48" y="62" font-size="44" text-anchor="middle" fill="#fff" font-family="sans-serif">${escapeHtml(initial)}</text></svg>`;
}
