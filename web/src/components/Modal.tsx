import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import styles from "./Modal.module.css";

interface ModalProps {
  open: boolean;
  /** Called on the close mark, Escape and a click on the backdrop. */
  onClose: () => void;
  labelledBy: string;
  closeLabel?: string;
  className?: string;
  children: ReactNode;
}

const useIsomorphicLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/**
 * The site's modal dialog on the native <dialog>. One open at first render (a popup URL) is
 * `open` in the HTML, readable without script, and made modal after hydration; from then on only
 * showModal() and close() change it (removing `open` from a modal dialog leaves the page inert).
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
    // A dialog prerendered open is made modal in a task of its own (it restyles the whole page,
    // ~70 ms on a phone), and only once focus enters it if the visitor is at work behind it.
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

  // At commit too: a held Escape reaches the island as it hydrates (lib/on-interaction.ts),
  // which can be before passive effects run.
  useIsomorphicLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    // A click on the dialog element itself is on its backdrop.
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
        {/* A dialog form: the close mark works before (or without) the script. */}
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
