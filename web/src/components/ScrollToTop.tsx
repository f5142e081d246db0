import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";
import { shouldScrollToTop } from "@/lib/nav";

/**
 * Scrolls to the top when the path changes by a link (not on back/forward,
 * where the browser restores the position). See `shouldScrollToTop`.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef(pathname);
  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    if (navigationType !== "POP" && shouldScrollToTop(from, pathname)) {
      window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    }
  }, [pathname, navigationType]);
  return null;
}
