import type { SubmissionStatus } from "@pixlings/shared/http/submissions";

/** Spec section 2: pending yellow, approved green, rejected red (text with AA contrast in both themes). */
const LOOK: Record<SubmissionStatus, { label: string; className: string }> = {
  pending: { label: "Pending", className: "bg-yellow-300 text-yellow-950" },
  approved: { label: "Approved", className: "bg-green-700 text-white" },
  rejected: { label: "Rejected", className: "bg-red-700 text-white" },
};

export function StatusBadge({ status }: { status: SubmissionStatus }) {
  const look = LOOK[status];
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${look.className}`}>{look.label}</span>;
}

/** A small badge of the same shape: Live, SOLD, Available, Verified... */
export function Badge({ children, tone }: { children: string; tone: "green" | "red" | "neutral" | "blue" | "yellow" }) {
  const tones = {
    green: "bg-green-700 text-white",
    red: "bg-red-700 text-white",
    neutral: "bg-neutral-600 text-white",
    blue: "bg-sky-800 text-white",
    yellow: "bg-yellow-300 text-yellow-950",
  };
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}
