import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { SUBMISSION_LIST_FILTERS } from "@pixlings/shared/http/admin";
import { adminQueries, type SubmissionListFilter } from "../../../api/adminQueries.ts";
import { QueryState } from "../../../components/QueryState.tsx";
import { ui } from "../../../components/ui.ts";
import { ReviewCard } from "../../../review/ReviewCard.tsx";

const FILTER_LABELS: Record<SubmissionListFilter, string> = { pending: "Pending review", rejected: "Rejected", approved: "Approved", all: "All" };

/** The submissions tab: pending ones by default (running and failed replacements included), each with its review actions. */
export function SubmissionsTab() {
  const filterId = useId();
  const [status, setStatus] = useState<SubmissionListFilter>("pending");
  const submissions = useQuery(adminQueries.submissions(status));
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <h2 className="flex-1 text-xl font-bold">Submissions</h2>
        <div className="flex flex-col gap-1">
          <label htmlFor={filterId} className="text-sm font-medium">
            Show
          </label>
          <select
            id={filterId}
            className={ui.field}
            value={status}
            onChange={(event) => setStatus(SUBMISSION_LIST_FILTERS.find((filter) => filter === event.target.value) ?? "pending")}
          >
            {SUBMISSION_LIST_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {FILTER_LABELS[filter]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryState query={submissions} what="submissions" empty={status === "pending" ? "No submissions awaiting review." : "No submissions here."}>
        {(list) => (
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {list.map((submission) => (
              <ReviewCard key={submission.id} submission={submission} />
            ))}
          </div>
        )}
      </QueryState>
    </div>
  );
}
