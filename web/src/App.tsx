import { lazy } from "react";
import { Route, Routes } from "react-router";
import { COLLECTION } from "@pixlings/shared/collection";
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
const AdminRefreshPage = lazy(() => import("./pages/admin-refresh/AdminRefreshPage.tsx"));
const ArtistDashboardPage = lazy(() => import("./pages/artist-dashboard/ArtistDashboardPage.tsx"));
const AdminPage = lazy(() => import("./pages/admin/AdminPage.tsx"));
const AdminSimplePage = lazy(() => import("./pages/admin-simple/AdminSimplePage.tsx"));
const AdminArtistsPage = lazy(() => import("./pages/admin-artists/AdminArtistsPage.tsx"));
const ArtistSubmissionsPage = lazy(() => import("./pages/artist-submissions/ArtistSubmissionsPage.tsx"));
const DebugNftsPage = lazy(() => import("./pages/debug-nfts/DebugNftsPage.tsx"));
const NotFoundPage = lazy(() => import("./pages/static/NotFoundPage.tsx"));

export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="home" element={<HomePage />} />
        <Route path="browse" element={<BrowsePage />} />
        <Route path="mint/:tokenId" element={<MintPage />} />
        <Route path="nft/:tokenId" element={<MintPage />} />
        <Route path="crypto-checkout" element={<CryptoCheckoutPage />} />
        <Route path="checkout" element={<CardCheckoutPage />} />
        <Route path="redeem" element={<RedeemPage />} />
        <Route path={`my-${COLLECTION.slug}`} element={<MyPixlingsPage />} />
        <Route path="owned-pix/:tokenId" element={<OwnedPixPage />} />
        <Route path="contract" element={<ContractPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="crypto-demo" element={<CryptoDemoPage />} />
        <Route path="css-test" element={<CssTestPage />} />
        <Route path="remote-admin" element={<RemoteAdminPage />} />
        <Route path="artist-login" element={<ArtistLoginPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="login-failed" element={<LoginFailedPage />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="connect-wallet" element={<ConnectWalletPage />} />
        <Route path="admin-refresh" element={<AdminRefreshPage />} />
        <Route path="artist-dashboard" element={<ArtistDashboardPage />} />
        <Route path="admin" element={<AdminPage />} />
        <Route path="admin/:tab" element={<AdminPage />} />
        <Route path="admin-simple" element={<AdminSimplePage />} />
        <Route path="admin-artists" element={<AdminArtistsPage />} />
        <Route path="artist-submissions" element={<ArtistSubmissionsPage />} />
        <Route path="debug-nfts" element={<DebugNftsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
