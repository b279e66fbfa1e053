import { useEffect } from "react";
import { COLLECTION } from "@pixlings/shared/collection";

/** The tab's title says what happened ("Purchase Complete — Pixlings"); the site's name again when the page is left. */
export function useCheckoutTitle(what: string): void {
  useEffect(() => {
    document.title = `${what} — ${COLLECTION.name}`;
  }, [what]);
  useEffect(
    () => () => {
      document.title = COLLECTION.name;
    },
    [],
  );
}
