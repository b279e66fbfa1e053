import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { SUBMISSION_LIST_FILTERS } from "@pixlings/shared/http/admin";
import { adminQueries, type SubmissionListFilter } from "../../../api/adminQueries.ts";
import { SelectField } from "../../../components/SelectField.tsx";
import { ReviewList } from "../../../review/ReviewList.tsx";

const FILTER_LABELS: Record<SubmissionListFilter, string> = { pending: "Pending review", rejected: "Rejected", approved: "Approved", all: "All" };
const FILTER_OPTIONS = SUBMISSION_LIST_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }));

/** The submissions tab: pending ones by default (running and failed replacements included), each with its review actions. */
export function SubmissionsTab() {
  const [status, setStatus] = useState<SubmissionListFilter>("pending");
  const submissions = useQuery(adminQueries.submissions(status));
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <h2 className="flex-1 text-xl font-bold">Submissions</h2>
        <SelectField label="Show" value={status} options={FILTER_OPTIONS} onChange={(value) => setStatus(value || "pending")} />
      </div>
      <ReviewList query={submissions} what="submissions" empty={status === "pending" ? "No submissions awaiting review." : "No submissions here."} />
    </div>
  );
}
