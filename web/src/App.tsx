import { type ComponentType, lazy } from "react";
import { Route, Routes } from "react-router";
import { APP_ROUTES, type AppRouteName } from "@pixlings/shared/routes";
import { Layout } from "./layout/Layout.tsx";
import { HomePage } from "./pages/home/HomePage.tsx";

// Every route but home is its own chunk.
const BrowsePage = lazy(() => import("./pages/browse/BrowsePage.tsx"));
const MintPage = lazy(() => import("./pages/mint/MintPage.tsx"));
const CryptoCheckoutPage = lazy(() => import("./pages/checkout/CryptoCheckoutPage.tsx"));
const CardCheckoutPage = lazy(() => import("./pages/checkout/CardCheckoutPage.tsx"));
const RedeemPage = lazy(() => import("./pages/redeem/RedeemPage.tsx"));
const MyPixlingsPage = lazy(() => import("./pages/my-pixlings/MyPixlingsPage.tsx"));
const OwnedPixPage = lazy(() => import("./pages/owned-pix/OwnedPixPage.tsx"));
const ContractPage = lazy(() => import("./pages/contract/ContractPage.tsx"));
const TermsPage = lazy(() => import("./pages/legal/TermsPage.tsx"));
const PrivacyPage = lazy(() => import("./pages/legal/PrivacyPage.tsx"));
const CryptoDemoPage = lazy(() => import("./pages/demo/CryptoDemoPage.tsx"));
const CssTestPage = lazy(() => import("./pages/demo/CssTestPage.tsx"));
const RemoteAdminPage = lazy(() => import("./pages/static/RemoteAdminPage.tsx"));
const ArtistLoginPage = lazy(() => import("./pages/artist-login/ArtistLoginPage.tsx"));
const LoginPage = lazy(() => import("./pages/login/LoginPage.tsx"));
const LoginFailedPage = lazy(() => import("./pages/login/LoginFailedPage.tsx"));
const AccountPage = lazy(() => import("./pages/account/AccountPage.tsx"));
const ConnectWalletPage = lazy(() => import("./pages/connect-wallet/ConnectWalletPage.tsx"));
const WalletTestPage = lazy(() => import("./pages/wallet-test/WalletTestPage.tsx"));
const AdminRefreshPage = lazy(() => import("./pages/admin-refresh/AdminRefreshPage.tsx"));
const ArtistDashboardPage = lazy(() => import("./pages/artist-dashboard/ArtistDashboardPage.tsx"));
const AdminPage = lazy(() => import("./pages/admin/AdminPage.tsx"));
const AdminSimplePage = lazy(() => import("./pages/admin-simple/AdminSimplePage.tsx"));
const AdminArtistsPage = lazy(() => import("./pages/admin-artists/AdminArtistsPage.tsx"));
const ArtistSubmissionsPage = lazy(() => import("./pages/artist-submissions/ArtistSubmissionsPage.tsx"));
const DebugNftsPage = lazy(() => import("./pages/debug-nfts/DebugNftsPage.tsx"));
const NotFoundPage = lazy(() => import("./pages/static/NotFoundPage.tsx"));

/** The page of every route in shared/src/routes.ts (the compiler checks none is missing or extra). */
const PAGES: Record<AppRouteName, ComponentType> = {
  home: HomePage,
  homeAlias: HomePage,
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
        {(Object.keys(PAGES) as AppRouteName[]).map((name) => {
          const Page = PAGES[name];
          return <Route key={name} path={APP_ROUTES[name].path} element={<Page />} />;
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
