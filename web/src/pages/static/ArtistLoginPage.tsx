import { Link } from "react-router";
import { ui } from "../../components/ui.ts";
import { PageShell } from "./PageShell.tsx";

/** The artist area (Google sign-in, submissions) is not built yet; this page says so. */
export default function ArtistLoginPage() {
  return (
    <PageShell title="Artist Area">
      <div className={ui.card}>
        <p className="font-semibold">Artist sign-in is coming soon.</p>
        <p className={`mt-2 text-sm ${ui.muted}`}>Artists will sign in here to submit artwork and follow their submissions.</p>
        <Link to="/browse?filter=artist" className={`${ui.secondary} mt-4`}>
          See the artist pieces
        </Link>
      </div>
    </PageShell>
  );
}
