import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { COLLECTION } from "@pixlings/shared/collection";
import { LiveActivityView } from "../../activity/LiveActivityView.tsx";
import { queries } from "../../api/queries.ts";
import { ui } from "../../components/ui.ts";
import { Faq } from "./Faq.tsx";
import { Features } from "./Features.tsx";
import { PixGridSection } from "./PixGridSection.tsx";
import { Roadmap } from "./Roadmap.tsx";
import { StatsRow } from "./StatsRow.tsx";

const ARTIST_GRID_SIZE = 12;
// Its stream opens after the first paint: out of the home route's first load. Meanwhile the feed is drawn
// empty at its full size, so the sections below do not move when it comes.
const LiveActivity = lazy(() => import("../../activity/LiveActivity.tsx").then((m) => ({ default: m.LiveActivity })));

export function HomePage() {
  const featured = useQuery(queries.featured());
  const artist = useQuery(queries.artistPieces());
  return (
    <>
      <section className="bg-gradient-to-b from-violet-100 to-neutral-50 py-16 sm:py-24 dark:from-violet-950 dark:to-neutral-950">
        <div className={`${ui.container} flex flex-col items-start gap-6`}>
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">
            {COLLECTION.totalSupply.toLocaleString("en-US")} tiny pixel friends, living on-chain.
          </h1>
          <p className={`max-w-2xl text-lg ${ui.muted}`}>
            {COLLECTION.name} are unique 9x9 pixel-art collectibles. Every palette and every pixel is stored in the contract itself, on Ethereum and Polygon.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to="/browse" className={ui.primary}>
              Meet the {COLLECTION.name}
            </Link>
            <Link to="/contract" className={ui.secondary}>
              View Contract
            </Link>
          </div>
        </div>
      </section>
      <StatsRow />
      <Suspense fallback={<LiveActivityView status="connecting" events={[]} counters={null} historyLoaded={false} />}>
        <LiveActivity />
      </Suspense>
      <PixGridSection
        title="Artist Pieces"
        intro={`The first ${COLLECTION.artistPiecesPerDrop} Pix of every drop are made by artists.`}
        query={artist}
        limit={ARTIST_GRID_SIZE}
        viewAll={{ to: "/browse?filter=artist", label: "View all artist pieces" }}
      />
      <PixGridSection
        title="Featured Collection"
        intro="A few Pix still waiting for their collector."
        query={featured}
        limit={8}
        viewAll={{ to: "/browse", label: "Browse all" }}
      />
      <Features />
      <Roadmap />
      <Faq />
    </>
  );
}
