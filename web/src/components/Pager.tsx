import { ui } from "./ui.ts";

/** Previous / "Page X of Y" / Next, shown only with more than one page (spec). */
export function Pager({ page, totalPages, onGo }: { page: number; totalPages: number | undefined; onGo(page: number): void }) {
  if (totalPages === undefined || totalPages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3">
      <button type="button" className={ui.secondary} onClick={() => onGo(page - 1)} disabled={page <= 1}>
        Previous
      </button>
      <span className="text-sm font-medium" aria-live="polite">
        Page {page} of {totalPages}
      </span>
      <button type="button" className={ui.secondary} onClick={() => onGo(page + 1)} disabled={page >= totalPages}>
        Next
      </button>
    </nav>
  );
}
