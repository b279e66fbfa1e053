import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { COLLECTION } from "@pixlings/shared/collection";
import { SUBMISSION_LIMITS } from "@pixlings/shared/http/submissions";
import { artistQueries } from "../../api/artistQueries.ts";
import { GoogleSignInLink } from "../../auth/GoogleSignInLink.tsx";
import { useSignOut } from "../../auth/useAuth.ts";
import { QueryFailed } from "../../components/QueryFailed.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { ui } from "../../components/ui.ts";

/** How long "Welcome!" shows before the dashboard opens. */
const WELCOME_MS = 800;

const REQUIREMENTS = [
  "A Google account whose email the team has registered as an artist",
  `Artwork of ${COLLECTION.gridSize}x${COLLECTION.gridSize} pixels with at most ${SUBMISSION_LIMITS.maxColors} colours: draw it here or upload a square image`,
  "Your own original work",
  "Every piece is reviewed by an admin before it goes on-chain",
];

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className={`${ui.container} max-w-md py-16`}>
      <section aria-labelledby="artist-login-title" className={`${ui.card} flex flex-col gap-4`}>
        <h1 id="artist-login-title" className="text-center text-2xl font-bold">
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}

function Welcome({ name }: { name: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/artist-dashboard", { replace: true }), WELCOME_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <Card title="Welcome!">
      <p role="status" className="text-center">
        Signed in as {name}. Opening your dashboard...
      </p>
      <Link to="/artist-dashboard" replace className={ui.primary}>
        Go to the Artist Dashboard
      </Link>
    </Card>
  );
}

/** /artist-login (docs/map.md#artist-login): an artist is welcomed and sent on; another account is told it has no artist access; else Google sign-in. */
export default function ArtistLoginPage() {
  const access = useQuery(artistQueries.current());
  const { signOut, pending } = useSignOut();
  if (access.isLoading) return <Spinner label="Checking your artist access..." />;
  if (access.error || !access.data) {
    return <QueryFailed query={access} title="Could not check your artist access" />;
  }
  if (access.data.kind === "artist") return <Welcome name={access.data.artist.name} />;
  if (access.data.kind === "notArtist") {
    return (
      <Card title="No Artist Access">
        <p>This account is not registered as an artist, so it cannot submit artwork.</p>
        <p className={`text-sm ${ui.muted}`}>If you are an artist, sign out and sign in with the Google account the team registered for you.</p>
        <div className="flex flex-wrap justify-center gap-2">
          <button type="button" className={ui.secondary} onClick={signOut} disabled={pending}>
            {pending ? "Signing out..." : "Sign Out"}
          </button>
          <Link to="/" className={ui.primary}>
            Back to Home
          </Link>
        </div>
      </Card>
    );
  }
  return (
    <Card title="Artist Login">
      <p className="text-center">Sign in to submit artwork and follow your submissions.</p>
      <div>
        <h2 className="mb-2 text-sm font-semibold">Requirements</h2>
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
          {REQUIREMENTS.map((requirement) => (
            <li key={requirement}>{requirement}</li>
          ))}
        </ul>
      </div>
      <GoogleSignInLink returnTo="/artist-login" />
    </Card>
  );
}
