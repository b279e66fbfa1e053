import { useEffect } from "react";
import { useLocation } from "react-router";
import { APP_ROUTES, appRouteOf, NOT_FOUND_TITLE, tabTitle } from "@pixlings/shared/routes";
import { usePageTitleStore } from "./pageTitle.ts";

/** Keeps `document.title` on the page's own title, else its route's (shared/src/routes.ts), else "Page Not Found". */
export function DocumentTitle() {
  const { pathname } = useLocation();
  const override = usePageTitleStore((state) => state.override);
  const route = appRouteOf(pathname);
  const title = override ?? (route ? APP_ROUTES[route].title : NOT_FOUND_TITLE);
  useEffect(() => {
    document.title = tabTitle(title);
  }, [title]);
  return null;
}
