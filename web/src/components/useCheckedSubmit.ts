import { useState } from "react";

/** A form's own check: the request to send, or the sentence that says what to fix. */
export type FormCheck<R> = { ok: true; request: R } | { ok: false; error: string };

/**
 * The submit of a form that checks its fields, then sends once at a time: the check's error or
 * `failure`'s sentence (which may also toast) is `error`, shown in the form; `busy` while sending.
 */
export function useCheckedSubmit<R>(options: { check(): FormCheck<R>; send(request: R): Promise<void>; failure(caught: unknown): string }): {
  error: string | null;
  busy: boolean;
  submit(event: React.FormEvent): void;
} {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (): Promise<void> => {
    const check = options.check();
    if (!check.ok) {
      setError(check.error);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await options.send(check.request);
    } catch (caught) {
      setError(options.failure(caught));
    } finally {
      setBusy(false);
    }
  };
  return {
    error,
    busy,
    submit: (event) => {
      event.preventDefault();
      if (!busy) void run();
    },
  };
}
