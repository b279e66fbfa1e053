import * as Tabs from "@radix-ui/react-tabs";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, Navigate } from "react-router";
import { COLLECTION } from "@pixlings/shared/collection";
import type { CurrentArtist } from "@pixlings/shared/http/artists";
import { artistQueries } from "../../api/artistQueries.ts";
import { useSignOut } from "../../auth/useAuth.ts";
import { QueryFailed } from "../../components/QueryFailed.tsx";
import { countOf, QueryState } from "../../components/QueryState.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { ui } from "../../components/ui.ts";
import { LivePixCard } from "./LivePixCard.tsx";
import { SubmissionCard } from "./SubmissionCard.tsx";
import { SubmitArtworkDialog } from "./SubmitArtworkDialog.tsx";

function Dashboard({ artist }: { artist: CurrentArtist }) {
  const live = useQuery(artistQueries.livePixlings());
  const submissions = useQuery(artistQueries.submissions());
  const [submitting, setSubmitting] = useState(false);
  const { signOut, pending: signingOut } = useSignOut();
  return (
    <div className={`${ui.container} flex flex-col gap-6 py-10`}>
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-extrabold tracking-tight">Artist Dashboard</h1>
          <p className={ui.muted}>Welcome, {artist.name}</p>
        </div>
        <nav aria-label="Artist" className="flex flex-wrap gap-2">
          <Link to="/" className={ui.secondary}>
            Home
          </Link>
          <button type="button" className={ui.secondary} onClick={signOut} disabled={signingOut}>
            {signingOut ? "Signing out..." : "Logout"}
          </button>
          <button type="button" className={ui.primary} onClick={() => setSubmitting(true)}>
            Submit Artwork
          </button>
        </nav>
      </div>
      <Tabs.Root defaultValue="live" className="flex flex-col gap-4">
        <Tabs.List aria-label="Your work" className="flex flex-wrap gap-1">
          <Tabs.Trigger value="live" className={ui.tab}>
            Live {COLLECTION.name} ({countOf(live)})
          </Tabs.Trigger>
          <Tabs.Trigger value="submissions" className={ui.tab}>
            Submissions ({countOf(submissions)})
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="live">
          <QueryState query={live} what={`your live ${COLLECTION.name}`} empty={<p>No live {COLLECTION.name} yet: an approved submission becomes one.</p>}>
            {(nfts) => (
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
                {nfts.map((nft) => (
                  <LivePixCard key={nft.tokenId} nft={nft} />
                ))}
              </div>
            )}
          </QueryState>
        </Tabs.Content>
        <Tabs.Content value="submissions">
          <QueryState
            query={submissions}
            what="your submissions"
            empty={
              <div className="flex flex-col items-center gap-3">
                <p>No submissions yet.</p>
                <button type="button" className={ui.primary} onClick={() => setSubmitting(true)}>
                  Submit Artwork
                </button>
              </div>
            }
          >
            {(items) => (
              <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
                {items.map((submission) => (
                  <SubmissionCard key={submission.id} submission={submission} />
                ))}
              </div>
            )}
          </QueryState>
        </Tabs.Content>
      </Tabs.Root>
      {submitting && <SubmitArtworkDialog onClose={() => setSubmitting(false)} />}
    </div>
  );
}

/** /artist-dashboard (docs/map.md#artist-area): artists only (others go to /artist-login); unapproved artists see only the pending notice. */
export default function ArtistDashboardPage() {
  const access = useQuery(artistQueries.current());
  if (access.isLoading) return <Spinner label="Loading your dashboard..." />;
  if (access.error || !access.data) {
    return <QueryFailed query={access} title="Could not check your artist access" />;
  }
  if (access.data.kind !== "artist") return <Navigate to="/artist-login" replace />;
  if (!access.data.artist.isApproved) {
    return (
      <div className={`${ui.container} max-w-md py-16`}>
        <section aria-labelledby="pending-title" className={`${ui.card} flex flex-col items-center gap-3 text-center`}>
          <h1 id="pending-title" className="text-2xl font-bold">
            Pending Approval
          </h1>
          <p>Your artist account, {access.data.artist.name}, is waiting for an admin's approval.</p>
          <p className={`text-sm ${ui.muted}`}>You can submit artwork once it is approved. Check back soon.</p>
          <Link to="/" className={ui.secondary}>
            Home
          </Link>
        </section>
      </div>
    );
  }
  return <Dashboard artist={access.data.artist} />;
}
