import { useQuery } from "@tanstack/react-query";
import { ArtistCard } from "../../admin/ArtistCard.tsx";
import { AdminGate } from "../../admin/AdminGate.tsx";
import { adminQueries } from "../../api/adminQueries.ts";
import { QueryState } from "../../components/QueryState.tsx";
import { PageShell } from "../static/PageShell.tsx";

function ArtistList() {
  const artists = useQuery(adminQueries.artists());
  return (
    <QueryState query={artists} what="artists" empty="No artists found.">
      {(list) => (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((artist) => (
            <ArtistCard key={artist.id} artist={artist} />
          ))}
        </div>
      )}
    </QueryState>
  );
}

/** /admin-artists (docs/map.md#admin-pages): every artist with totals and "View Dashboard"; admins only. */
export default function AdminArtistsPage() {
  return (
    <AdminGate>
      {() => (
        <PageShell title="Artists" wide>
          <ArtistList />
        </PageShell>
      )}
    </AdminGate>
  );
}
