import type { UseQueryResult } from "@tanstack/react-query";
import type { Submission } from "@pixlings/shared/http/submissions";
import { QueryState } from "../components/QueryState.tsx";
import { ReviewCard } from "./ReviewCard.tsx";

/** Submissions to review, as cards with their actions (the submissions tab and /artist-submissions). */
export function ReviewList({ query, what, empty }: { query: UseQueryResult<Submission[]>; what: string; empty: string }) {
  return (
    <QueryState query={query} what={what} empty={empty}>
      {(list) => (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {list.map((submission) => (
            <ReviewCard key={submission.id} submission={submission} />
          ))}
        </div>
      )}
    </QueryState>
  );
}
