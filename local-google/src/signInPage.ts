import { READY_ACCOUNTS, type LocalAccount } from "./accounts.ts";

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

export interface SignInPageParameters {
  uid: string;
  clientName: string;
  /** The account the stand-in's own session is signed in as, marked on the page (Google lists it first). */
  current?: LocalAccount | undefined;
  /** Shown above the form after a refused submission. */
  error?: string | undefined;
  /** The email typed in before, kept in its field after a refused submission. */
  email?: string | undefined;
}

// The shop's palette (web/src/components/ui.ts, Tailwind's neutral and violet), copied as values:
// the stand-in is not part of the web app and loads nothing from it.
const STYLE = `
    :root { color-scheme: light dark; --bg: #fafafa; --card: #fff; --text: #171717; --muted: #525252; --border: #d4d4d4; --hover: #f5f5f5;
      --accent: #6d28d9; --accent-text: #fff; --accent-hover: #5b21b6; --focus: #7c3aed; --error: #b91c1c; --error-bg: #fef2f2; --tag: #ede9fe; --tag-text: #5b21b6; }
    @media (prefers-color-scheme: dark) {
      :root { --bg: #0a0a0a; --card: #171717; --text: #f5f5f5; --muted: #a3a3a3; --border: #404040; --hover: #262626;
        --accent: #a78bfa; --accent-text: #0a0a0a; --accent-hover: #c4b5fd; --focus: #a78bfa; --error: #fca5a5; --error-bg: #450a0a; --tag: #2e1065; --tag-text: #ddd6fe; }
    }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--bg); color: var(--text); font: 16px/1.5 ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    main { max-width: 28rem; margin: 2rem auto; padding: 1.25rem; background: var(--card); border: 1px solid var(--border); border-radius: .75rem; }
    @media (max-width: 30rem) { main { margin: 0; min-height: 100dvh; border: 0; border-radius: 0; } }
    h1 { margin: 0 0 .25rem; font-size: 1.5rem; }
    p { margin: 0 0 1rem; color: var(--muted); font-size: .875rem; }
    form { display: grid; gap: .5rem; margin: 0 0 1.25rem; }
    fieldset { display: grid; gap: .5rem; margin: 0; padding: 0; border: 0; min-width: 0; }
    legend { padding: 0; margin-bottom: .5rem; font-weight: 600; }
    button, input { font: inherit; color: inherit; border: 1px solid var(--border); border-radius: .375rem; background: var(--card); min-height: 2.75rem; }
    button { padding: .5rem .75rem; text-align: left; cursor: pointer; }
    button:hover { background: var(--hover); }
    .account { display: grid; grid-template-columns: 1fr auto; align-items: center; column-gap: .5rem; }
    .account span { overflow-wrap: anywhere; }
    .account small { grid-column: 1; color: var(--muted); overflow-wrap: anywhere; }
    .tag { grid-row: 1 / span 2; grid-column: 2; padding: .125rem .5rem; border-radius: 999px; background: var(--tag); color: var(--tag-text); font-size: .75rem; font-weight: 600; }
    label { font-weight: 600; }
    input { width: 100%; padding: .5rem .75rem; }
    .primary { background: var(--accent); color: var(--accent-text); border-color: var(--accent); font-weight: 600; text-align: center; }
    .primary:hover { background: var(--accent-hover); }
    .cancel { width: 100%; text-align: center; }
    :focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
    .error { margin: 0 0 1rem; padding: .75rem; border-radius: .375rem; background: var(--error-bg); color: var(--error); font-size: .875rem; }
  `;

/** The stand-in's sign-in page: a button per ready account, any email typed in, and Cancel. */
export function signInPage({ uid, clientName, current, error, email }: SignInPageParameters): string {
  const action = `/interaction/${encodeURIComponent(uid)}/login`;
  const buttons = Object.entries(READY_ACCOUNTS)
    .map(([key, account]) => {
      const signedIn = current?.sub === account.sub ? `<span class="tag">Signed in</span>` : "";
      return `<button type="submit" class="account" name="account" value="${escapeHtml(key)}"><span>${escapeHtml(account.name)}</span>${signedIn}<small>${escapeHtml(account.email)}</small></button>`;
    })
    .join("\n        ");
  // A typed-in account has no button: its email waits in the field instead.
  const typed = email ?? (current && !Object.values(READY_ACCOUNTS).some((account) => account.sub === current.sub) ? current.email : "");
  const invalid = error ? ` aria-invalid="true" aria-describedby="error" autofocus` : "";
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="color-scheme" content="light dark">
  <title>Sign in - Local Google</title>
  <style>${STYLE}</style>
</head>
<body>
  <main>
    <h1>Sign in</h1>
    <p>to continue to ${escapeHtml(clientName)}. This is a local stand-in for Google: no password.</p>
    ${error ? `<p class="error" id="error" role="alert">${escapeHtml(error)}</p>` : ""}
    <form method="post" action="${action}">
      <fieldset>
        <legend>Choose an account</legend>
        ${buttons}
      </fieldset>
    </form>
    <form method="post" action="${action}">
      <label for="email">Or use any email</label>
      <input id="email" name="email" type="email" required autocomplete="email" inputmode="email" value="${escapeHtml(typed)}"${invalid}>
      <button type="submit" class="primary">Continue</button>
    </form>
    <form method="post" action="/interaction/${encodeURIComponent(uid)}/abort">
      <button type="submit" class="cancel">Cancel</button>
    </form>
  </main>
</body>
</html>`;
}

/** A small round avatar with the account's initial. */
export function avatarSvg(initial: string, hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="hsl(${hue} 60% 45%)"/><text x="48" y="62" font-size="44" text-anchor="middle" fill="#fff" font-family="sans-serif">${escapeHtml(initial)}</text></svg>`;
}
