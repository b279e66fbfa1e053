import { Route, Routes } from "react-router";
import { APP_ROUTES, type AppRouteName, appRouteOf } from "@pixlings/shared/routes";
import { Layout } from "./layout/Layout.tsx";
import { eagerPage, type LazyPage, lazyPage } from "./layout/lazyPage.ts";
import { HomePage } from "./pages/home/HomePage.tsx";

// Every route but home is its own chunk; the one the visitor opens on is loaded before the first render.
// Browse's reads start beside its chunk: their code (the explorer's query rules, zod) stays out of the first load.
const prefetchBrowse = (url: URL): void => void import("./pages/browse/browseListing.ts").then((listing) => listing.prefetchBrowseListing(url));
const BrowsePage = lazyPage(() => import("./pages/browse/BrowsePage.tsx"), prefetchBrowse);
const MintPage = lazyPage(() => import("./pages/mint/MintPage.tsx"));
const CryptoCheckoutPage = lazyPage(() => import("./pages/checkout/CryptoCheckoutPage.tsx"));
const CardCheckoutPage = lazyPage(() => import("./pages/checkout/CardCheckoutPage.tsx"));
const RedeemPage = lazyPage(() => import("./pages/redeem/RedeemPage.tsx"));
const MyPixlingsPage = lazyPage(() => import("./pages/my-pixlings/MyPixlingsPage.tsx"));
const OwnedPixPage = lazyPage(() => import("./pages/owned-pix/OwnedPixPage.tsx"));
const ContractPage = lazyPage(() => import("./pages/contract/ContractPage.tsx"));
const TermsPage = lazyPage(() => import("./pages/legal/TermsPage.tsx"));
const PrivacyPage = lazyPage(() => import("./pages/legal/PrivacyPage.tsx"));
const CryptoDemoPage = lazyPage(() => import("./pages/demo/CryptoDemoPage.tsx"));
const CssTestPage = lazyPage(() => import("./pages/demo/CssTestPage.tsx"));
const RemoteAdminPage = lazyPage(() => import("./pages/static/RemoteAdminPage.tsx"));
const ArtistLoginPage = lazyPage(() => import("./pages/artist-login/ArtistLoginPage.tsx"));
const LoginPage = lazyPage(() => import("./pages/login/LoginPage.tsx"));
const LoginFailedPage = lazyPage(() => import("./pages/login/LoginFailedPage.tsx"));
const AccountPage = lazyPage(() => import("./pages/account/AccountPage.tsx"));
const ConnectWalletPage = lazyPage(() => import("./pages/connect-wallet/ConnectWalletPage.tsx"));
const WalletTestPage = lazyPage(() => import("./pages/wallet-test/WalletTestPage.tsx"));
const AdminRefreshPage = lazyPage(() => import("./pages/admin-refresh/AdminRefreshPage.tsx"));
const ArtistDashboardPage = lazyPage(() => import("./pages/artist-dashboard/ArtistDashboardPage.tsx"));
const AdminPage = lazyPage(() => import("./pages/admin/AdminPage.tsx"));
const AdminSimplePage = lazyPage(() => import("./pages/admin-simple/AdminSimplePage.tsx"));
const AdminArtistsPage = lazyPage(() => import("./pages/admin-artists/AdminArtistsPage.tsx"));
const ArtistSubmissionsPage = lazyPage(() => import("./pages/artist-submissions/ArtistSubmissionsPage.tsx"));
const DebugNftsPage = lazyPage(() => import("./pages/debug-nfts/DebugNftsPage.tsx"));
const NotFoundPage = lazyPage(() => import("./pages/static/NotFoundPage.tsx"));

/** The page of every route in shared/src/routes.ts (the compiler checks none is missing or extra). */
const Home = eagerPage(HomePage);
const PAGES: Record<AppRouteName, LazyPage> = {
  home: Home,
  homeAlias: Home,
  browse: BrowsePage,
  mint: MintPage,
  nft: MintPage,
  cryptoCheckout: CryptoCheckoutPage,
  checkout: CardCheckoutPage,
  redeem: RedeemPage,
  myPixlings: MyPixlingsPage,
  ownedPix: OwnedPixPage,
  contract: ContractPage,
  terms: TermsPage,
  privacy: PrivacyPage,
  cryptoDemo: CryptoDemoPage,
  cssTest: CssTestPage,
  remoteAdmin: RemoteAdminPage,
  artistLogin: ArtistLoginPage,
  login: LoginPage,
  loginFailed: LoginFailedPage,
  account: AccountPage,
  connectWallet: ConnectWalletPage,
  walletTest: WalletTestPage,
  adminRefresh: AdminRefreshPage,
  artistDashboard: ArtistDashboardPage,
  admin: AdminPage,
  adminTab: AdminPage,
  adminSimple: AdminSimplePage,
  adminArtists: AdminArtistsPage,
  artistSubmissions: ArtistSubmissionsPage,
  debugNfts: DebugNftsPage,
};

export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {(Object.keys(PAGES) as AppRouteName[]).map((name) => (
          <Route key={name} path={APP_ROUTES[name].path} element={PAGES[name].element} />
        ))}
        <Route path="*" element={NotFoundPage.element} />
      </Route>
    </Routes>
  );
}

/** Loads the page of `url` (and starts its first request): resolves when it can render without suspending. */
export function preloadPage(url: URL): Promise<void> {
  const route = appRouteOf(url.pathname);
  return (route ? PAGES[route] : NotFoundPage).preload(url);
}
