/** A failed load, shown in place ("status: body" for API errors). */
export function ErrorNotice({ error, title = "Something went wrong" }: { error: Error; title?: string }) {
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 break-words">{error.message}</p>
    </div>
  );
}
