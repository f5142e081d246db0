import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import styles from "./Modal.module.css";

interface ModalProps {
  open: boolean;
  /** Called on the close mark, Escape and a click on the backdrop. */
  onClose: () => void;
  /** Id of the element that names the dialog (usually its heading). */
  labelledBy: string;
  /** Accessible name of the close mark. */
  closeLabel?: string;

  className?: string;
  children: ReactNode;
}

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/**
 * The site's one modal dialog, on the native <dialog> element: showModal()
 * traps focus and makes the page behind inert; the page does not scroll
 * behind it, and focus returns to where it was when the dialog closes.
 *
 * A dialog open at first render (a popup URL) carries the `open` attribute in
 * the prerendered HTML, so it is visible without JavaScript; after hydration it
 * is upgraded to a modal one (where it is not already: the page of a popup URL
 * makes it modal as it is parsed, people/PeopleDirectory.astro). From then on only showModal() and close() change
 * it: React never touches the attribute again, because removing it from a
 * modal dialog would leave the page behind inert.
 */
export function Modal({
  open,
  onClose,
  labelledBy,
  closeLabel = "Close",
  className,
  children,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [openAtFirstRender] = useState(open);
  const returnFocus = useRef<Element | null>(null);
  const onCloseRef = useRef(onClose);
  // At commit, not in a passive effect: an Escape between the two would reach
  // the handler of the render before.
  useIsomorphicLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useIsomorphicLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const makeModal = () => {
      if (!dialog.matches(":modal")) {
        returnFocus.current = document.activeElement;
        if (dialog.open) dialog.close();
        dialog.showModal();
      }
      document.documentElement.classList.add("modal-open");
    };
    // A dialog prerendered open (a popup URL) is already on screen: it is
    // made modal in a task of its own after hydration, not in hydration's.
    // Making it modal restyles the whole page behind it (now inert), which
    // on a phone would add some 70 ms to hydration's one long task.
    // A visitor already at work behind it (the search field of the page
    // behind, clicked before the script came) keeps their focus: making it
    // modal now would move focus into the dialog in the middle of a word and
    // make that field inert. It is made modal when focus enters it.
    let upgrade = 0;
    const upgradeUnlessBehind = () => {
      const active = document.activeElement;
      const behind = active && active !== document.body && !dialog.contains(active);
      if (behind) dialog.addEventListener("focusin", makeModal, { once: true });
      else makeModal();
    };
    if (dialog.open && !dialog.matches(":modal"))
      upgrade = window.setTimeout(upgradeUnlessBehind, 0);
    else makeModal();
    return () => {
      window.clearTimeout(upgrade);
      dialog.removeEventListener("focusin", makeModal);
      document.documentElement.classList.remove("modal-open");
      if (dialog.open) dialog.close();
      const target = returnFocus.current;
      returnFocus.current = null;
      if (target instanceof HTMLElement && target.isConnected) target.focus();
    };
  }, [open]);

  // At commit too: a held Escape is given to the island as soon as it has
  // hydrated (lib/on-interaction.ts), which can be before passive effects
  // run; unanswered, the browser closed the dialog and the address and the
  // page's scroll lock stayed.
  useIsomorphicLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape: the browser would close the dialog itself; the owner decides instead.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    // A click on the dialog element itself is a click on its backdrop: the
    // content fills the dialog box.
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) onCloseRef.current();
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("click", onClick);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("click", onClick);
    };
  }, []);

  return (
    <dialog
      ref={ref}
      open={openAtFirstRender}
      aria-labelledby={labelledBy}
      className={[styles.dialog, className].filter(Boolean).join(" ")}
    >
      <div className={styles.content}>
        {/* A dialog form: the close mark closes a dialog that is open in the
            prerendered HTML even before (or without) the script. */}
        <form method="dialog">
          <button
            type="submit"
            className={styles.close}
            onClick={(event) => {
              event.preventDefault();
              onCloseRef.current();
            }}
            aria-label={closeLabel}
          >
            <CloseMark />
          </button>
        </form>
        {children}
      </div>
    </dialog>
  );
}

function CloseMark() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2" fill="none" />
    </svg>
  );
}
