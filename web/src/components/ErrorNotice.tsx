import { loadErrorMessage } from "../errors/loadErrorMessage.ts";
import { ui } from "./ui.ts";

/** A failed load, shown in place (the API's message, or what went wrong), with Retry when the page can try again. */
export function ErrorNotice({
  error,
  title = "Something went wrong",
  onRetry,
  retrying = false,
}: {
  error: Error;
  title?: string;
  onRetry?: (() => void) | undefined;
  retrying?: boolean;
}) {
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 break-words">{loadErrorMessage(error)}</p>
      {onRetry && (
        <button type="button" className={`${ui.secondary} ${ui.small} mt-3`} onClick={onRetry} disabled={retrying}>
          {retrying ? "Retrying..." : "Retry"}
        </button>
      )}
    </div>
  );
}
