import { useEffect, useState, type RefObject } from "react";

/**
 * Whether an element is in or near the viewport, from the first time it is
 * until it unmounts (it never goes back to false). `always` answers true at
 * once, for what is above the fold on every screen. Without
 * IntersectionObserver everything counts as near.
 *
 * Used to hold back the media of the cards below the fold, so that the
 * first card's image, the page's largest element, has the phone's
 * bandwidth to itself. The browser's own `loading="lazy"` starts
 * 1250-2500 px early, which on a phone is every card of the page.
 * @param margin how far outside the viewport counts as near (a CSS margin)
 */
export function useNearViewport(
  ref: RefObject<Element | null>,
  { always = false, margin = "200px 0px" }: { always?: boolean; margin?: string } = {},
): boolean {
  const [seen, setSeen] = useState(false);
  const near = always || seen;
  useEffect(() => {
    if (near) return;
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === "undefined") {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, margin, ref]);
  return near;
}
