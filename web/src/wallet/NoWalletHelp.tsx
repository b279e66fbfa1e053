import { ui } from "../components/ui.ts";
import { isMobile } from "./isMobile.ts";
import { walletAppLinks } from "./walletAppLinks.ts";

/** "Open in MetaMask" and the other wallet apps' browsers, for this page. */
export function WalletAppLinkList() {
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Open this page in a wallet app">
      {walletAppLinks(window.location.href).map((link) => (
        <li key={link.name}>
          <a className={`${ui.secondary} ${ui.small}`} href={link.href} rel="noreferrer">
            Open in {link.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * What to do without a wallet in this browser: on a phone, open this page in a wallet app's own
 * browser (the spec's mobile hint); on a computer, install a browser wallet; and, when the shop
 * takes cards, pay by card instead (`onCard`).
 */
export function NoWalletHelp({ onCard, alert = false }: { onCard?: (() => void) | undefined; alert?: boolean }) {
  const mobile = isMobile();
  return (
    <div
      role={alert ? "alert" : "note"}
      className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">No wallet found in this browser</p>
      {mobile ? (
        <>
          <p>A crypto mint needs a wallet. On a phone, open this page in your wallet app's browser:</p>
          <WalletAppLinkList />
        </>
      ) : (
        <p>
          A crypto mint needs a browser wallet such as{" "}
          <a className="font-medium underline" href="https://metamask.io/download/" target="_blank" rel="noreferrer">
            MetaMask
          </a>
          . Install one, then reload this page.
        </p>
      )}
      {onCard && (
        <p className="flex flex-wrap items-center gap-2">
          No wallet needed by card:
          <button type="button" className={`${ui.secondary} ${ui.small}`} onClick={onCard}>
            Pay by card instead
          </button>
        </p>
      )}
    </div>
  );
}
