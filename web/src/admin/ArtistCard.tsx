import { useId, type ReactNode } from "react";
import type { AdminArtist } from "@pixlings/shared/http/admin";
import { COLLECTION } from "@pixlings/shared/collection";
import { ui } from "../components/ui.ts";
import { formatDate, formatCoin } from "../format/format.ts";
import { Badge } from "../submissions/StatusBadge.tsx";
import { ViewDashboardButton } from "./ViewDashboardButton.tsx";

/** Only http(s) links become links: a stored website is text from an admin, not trusted markup. */
function safeWebsite(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** An artist as the admin pages show it (spec: /admin-artists): name, email, Verified, Pix, bio, sales, revenue, website, joined, View Dashboard. */
export function ArtistCard({ artist, actions }: { artist: AdminArtist; actions?: ReactNode }) {
  const titleId = useId();
  const website = artist.website ? safeWebsite(artist.website) : null;
  return (
    <article aria-labelledby={titleId} className={`${ui.card} flex flex-col gap-2`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="min-w-0 truncate font-semibold">
          {artist.name}
        </h3>
        {artist.isVerified && <Badge tone="blue">Verified</Badge>}
        {!artist.isApproved && <Badge tone="yellow">Pending approval</Badge>}
      </div>
      <p className={`text-sm break-all ${ui.muted}`}>{artist.email ?? "No email"}</p>
      {artist.bio && <p className="text-sm break-words">{artist.bio}</p>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className={ui.muted}>{COLLECTION.name}</dt>
        <dd>{artist.totalPixlings}</dd>
        <dt className={ui.muted}>Sales</dt>
        <dd>{artist.totalSales}</dd>
        <dt className={ui.muted}>Revenue</dt>
        <dd>{formatCoin(artist.totalRevenue, "ETH")}</dd>
        <dt className={ui.muted}>Pending submissions</dt>
        <dd>{artist.pendingSubmissions}</dd>
        <dt className={ui.muted}>Website</dt>
        <dd className="min-w-0 truncate">
          {website ? (
            <a href={website} className={ui.link} target="_blank" rel="noopener noreferrer">
              {artist.website}
            </a>
          ) : (
            (artist.website ?? "None")
          )}
        </dd>
        <dt className={ui.muted}>Joined</dt>
        <dd>
          <time dateTime={artist.createdAt}>{formatDate(artist.createdAt)}</time>
        </dd>
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <ViewDashboardButton artist={artist} describedBy={titleId} />
        {actions}
      </div>
    </article>
  );
}
