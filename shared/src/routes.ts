/**
 * The storefront's pages: each route pattern (react-router syntax: `:name` is one path segment)
 * and the tab title it has unless the page names itself more precisely. The web app builds its
 * router from this table (web/src/App.tsx) and the API answers 404 for any other path while still
 * serving the app, which then shows its "Page Not Found" (api/src/web/serveWeb.ts).
 */
import { COLLECTION } from "./collection.ts";

interface AppRoute {
  path: string;
  title: string;
}

export const APP_ROUTES = {
  home: { path: "/", title: `${COLLECTION.name}: 9x9 pixel art on-chain` },
  homeAlias: { path: "/home", title: `${COLLECTION.name}: 9x9 pixel art on-chain` },
  browse: { path: "/browse", title: `Browse ${COLLECTION.name}` },
  mint: { path: "/mint/:tokenId", title: "Pix" },
  nft: { path: "/nft/:tokenId", title: "Pix" },
  cryptoCheckout: { path: "/crypto-checkout", title: "Crypto Checkout" },
  checkout: { path: "/checkout", title: "Checkout" },
  redeem: { path: "/redeem", title: "Redeem a Freemint Card" },
  myPixlings: { path: `/my-${COLLECTION.slug}`, title: `My ${COLLECTION.name}` },
  ownedPix: { path: "/owned-pix/:tokenId", title: "Your Pix" },
  contract: { path: "/contract", title: "Contract" },
  terms: { path: "/terms", title: "Terms of Service" },
  privacy: { path: "/privacy", title: "Privacy Policy" },
  cryptoDemo: { path: "/crypto-demo", title: "Crypto Demo" },
  cssTest: { path: "/css-test", title: "CSS Test" },
  remoteAdmin: { path: "/remote-admin", title: "Remote Admin" },
  artistLogin: { path: "/artist-login", title: "Artist Login" },
  login: { path: "/login", title: "Sign In" },
  loginFailed: { path: "/login-failed", title: "Sign-In Failed" },
  account: { path: "/account", title: "Your Account" },
  connectWallet: { path: "/connect-wallet", title: "Connect Wallet" },
  walletTest: { path: "/wallet-test", title: "Wallet Test" },
  adminRefresh: { path: "/admin-refresh", title: "Refresh Admin Access" },
  artistDashboard: { path: "/artist-dashboard", title: "Artist Dashboard" },
  admin: { path: "/admin", title: "Admin" },
  adminTab: { path: "/admin/:tab", title: "Admin" },
  adminSimple: { path: "/admin-simple", title: "Edit NFT" },
  adminArtists: { path: "/admin-artists", title: "Artists" },
  artistSubmissions: { path: "/artist-submissions", title: "Artist Submissions" },
  debugNfts: { path: "/debug-nfts", title: "Debug NFTs" },
} as const satisfies Record<string, AppRoute>;

export type AppRouteName = keyof typeof APP_ROUTES;

/** The title of a path no route matches. */
export const NOT_FOUND_TITLE = "Page Not Found";

const segments = (path: string): string[] => path.split("/").filter((segment) => segment !== "");

/**
 * Whether `pattern` matches `pathname` as react-router matches a route without children: segment
 * by segment, case-insensitively, `:name` taking any one non-empty segment, a trailing slash allowed.
 */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const want = segments(pattern);
  const got = segments(pathname);
  return want.length === got.length && want.every((segment, index) => segment.startsWith(":") || segment.toLowerCase() === got[index]?.toLowerCase());
}

/** The route `pathname` shows, or undefined for a path the app does not have (its 404 page). */
export function appRouteOf(pathname: string): AppRouteName | undefined {
  return (Object.keys(APP_ROUTES) as AppRouteName[]).find((name) => matchesRoute(APP_ROUTES[name].path, pathname));
}

/** A browser tab's title: the page's, then the collection's name. */
export const tabTitle = (title: string): string => (title.startsWith(COLLECTION.name) ? title : `${title} · ${COLLECTION.name}`);
