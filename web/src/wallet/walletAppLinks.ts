/** A wallet app whose own browser can open this page (the spec's mobile hint: "use a wallet browser"). */
export interface WalletAppLink {
  name: string;
  href: string;
}

/**
 * Links that open `url` inside a wallet app's browser on a phone (each app's documented deep link),
 * where the page finds the wallet injected and can mint.
 */
export function walletAppLinks(url: string): WalletAppLink[] {
  const { host, pathname, search, hash } = new URL(url);
  return [
    { name: "MetaMask", href: `https://metamask.app.link/dapp/${host}${pathname}${search}${hash}` },
    { name: "Coinbase Wallet", href: `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(url)}` },
    { name: "Trust Wallet", href: `https://link.trustwallet.com/open_url?coin_id=60&url=${encodeURIComponent(url)}` },
  ];
}
