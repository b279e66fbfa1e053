/** Shared Tailwind class lists: one look for buttons, cards and fields. */
// Every state keeps text contrast of at least 4.5:1 in both themes (test/e2e/contrast.spec.ts):
// hover only while enabled, and a disabled button gets colours of its own, never a see-through
// (opacity) version of its enabled ones, which fell to about 3.5:1.
const button =
  "inline-flex items-center justify-center gap-2 rounded-md px-4 h-10 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 disabled:cursor-not-allowed";

export const ui = {
  primary: `${button} bg-violet-700 text-white not-disabled:hover:bg-violet-800 disabled:bg-violet-200 disabled:text-violet-900 dark:bg-violet-400 dark:text-neutral-950 dark:not-disabled:hover:bg-violet-300 dark:disabled:bg-violet-950 dark:disabled:text-violet-200`,
  secondary: `${button} border border-neutral-300 bg-white text-neutral-900 not-disabled:hover:bg-neutral-100 disabled:bg-neutral-100 disabled:text-neutral-600 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:not-disabled:hover:bg-neutral-800 dark:disabled:bg-neutral-800 dark:disabled:text-neutral-400`,
  ghost: `${button} text-neutral-800 not-disabled:hover:bg-neutral-100 disabled:text-neutral-600 dark:text-neutral-200 dark:not-disabled:hover:bg-neutral-800 dark:disabled:text-neutral-400`,
  danger: `${button} bg-red-700 text-white not-disabled:hover:bg-red-800 disabled:bg-red-100 disabled:text-red-900 dark:disabled:bg-red-950 dark:disabled:text-red-200`,
  small: "h-8 px-3 text-xs",
  card: "rounded-xl border border-neutral-200 bg-white p-4 shadow-sm dark:border-neutral-800 dark:bg-neutral-900",
  muted: "text-neutral-600 dark:text-neutral-400",
  field: "h-10 rounded-md border border-neutral-300 bg-white px-3 text-sm text-neutral-900 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100",
  container: "mx-auto w-full max-w-7xl px-4 sm:px-6",
  /** A Radix Tabs trigger. */
  tab: "rounded-md px-3 py-2 text-sm font-semibold data-[state=active]:bg-violet-700 data-[state=active]:text-white data-[state=inactive]:hover:bg-neutral-100 dark:data-[state=active]:bg-violet-400 dark:data-[state=active]:text-neutral-950 dark:data-[state=inactive]:hover:bg-neutral-800",
  link: "font-medium text-violet-700 underline-offset-2 hover:underline dark:text-violet-300",
};
