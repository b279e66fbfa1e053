import { useEffect, useRef, type RefObject } from "react";
import { useLocation } from "react-router";

/**
 * After the app moves to another page, focus the main content when focus was lost with the old
 * page (the link pressed is gone): the next Tab goes into the new page, not back to the top of the
 * document, and a screen reader starts reading there. A page that focused something itself keeps it.
 */
export function useFocusMainOnNavigate(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    main.current?.focus({ preventScroll: true });
  }, [pathname, main]);
}
