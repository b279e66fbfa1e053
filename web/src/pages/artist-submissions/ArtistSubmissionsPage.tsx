import * as Tabs from "@radix-ui/react-tabs";
import { useQuery } from "@tanstack/react-query";
import { AdminGate } from "../../admin/AdminGate.tsx";
import { adminQueries } from "../../api/adminQueries.ts";
import { countOf, QueryState } from "../../components/QueryState.tsx";
import { ui } from "../../components/ui.ts";
import { ReviewList } from "../../review/ReviewList.tsx";
import { PageShell } from "../static/PageShell.tsx";
import { ApprovedCard } from "./ApprovedCard.tsx";

function Lists() {
  const pending = useQuery(adminQueries.submissions("pending"));
  const approved = useQuery(adminQueries.approvedSubmissions());
  return (
    <Tabs.Root defaultValue="pending" className="flex flex-col gap-4">
      <Tabs.List aria-label="Submissions" className="flex flex-wrap gap-1">
        <Tabs.Trigger value="pending" className={ui.tab}>
          Pending Review ({countOf(pending)})
        </Tabs.Trigger>
        <Tabs.Trigger value="approved" className={ui.tab}>
          Approved ({countOf(approved)})
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="pending">
        <ReviewList query={pending} what="pending submissions" empty="No submissions awaiting review." />
      </Tabs.Content>
      <Tabs.Content value="approved">
        <QueryState query={approved} what="approved submissions" empty="No approved submissions yet.">
          {(list) => (
            <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {list.map((submission) => (
                <ApprovedCard key={submission.id} submission={submission} />
              ))}
            </div>
          )}
        </QueryState>
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** /artist-submissions (docs/map.md#admin-pages): pending submissions to review and approved ones; admins only. */
export default function ArtistSubmissionsPage() {
  return (
    <AdminGate>
      {() => (
        <PageShell title="Artist Submissions" wide>
          <Lists />
        </PageShell>
      )}
    </AdminGate>
  );
}
