import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/components/Button";
import { Modal } from "@/components/Modal";
import {
  countLabel,
  directory,
  emptyFilter,
  filterToQuery,
  hasMore,
  initialCount,
  isEmptyFilter,
  moreShownLabel,
  neighbours,
  nextCount,
  personTitle,
  popupIdFromPath,
  queryToFilter,
  type DirectoryFilter,
} from "@/lib/directory";
import type { DirectoryLabels, PersonCard, PersonDetails, PopupLabels } from "@/lib/people";
import { fullTitle } from "@/lib/seo";
import { belowMobile, useMediaQuery } from "@/lib/use-media-query";
import { cardId, EmployeeCard } from "./EmployeeCard";
import { EmployeePopup, type Motion, type PopupPerson } from "./EmployeePopup";
import { FilterControls } from "./FilterControls";
import styles from "./PeopleDirectory.module.css";

export interface PeopleDirectoryProps {
  /** Everyone, in stored order (the order previous and next follow); details in the same. */
  people: readonly PersonCard[];
  details: readonly PersonDetails[];
  /** The person whose popup is open in the HTML. */
  openId?: number;
  locations: readonly string[];
  teams: readonly string[];
  labels: { directory: DirectoryLabels; popup: PopupLabels };
  siteName: string;
  directoryTitle: string;
}

const directoryPath = "/who-we-are";
const personPath = (id: number) => `${directoryPath}/${id}`;

/**
 * Who we are's directory and popup, one island. The filter lives in the query and the popup in
 * the path (/who-we-are/{id}) through the History API, read after hydration (no mismatch).
 * Phones filter in a dialog and show 8 people, 10 more per `Load more`.
 */
export function PeopleDirectory({
  people,
  details,
  openId: initialOpenId,
  locations,
  teams,
  labels: { directory: labels, popup: popupLabels },
  siteName,
  directoryTitle,
}: PeopleDirectoryProps) {
  // Fixed ids, not useId: the controls appear once per page and tests name them.
  const headingId = "directory-heading";
  const dialogTitleId = "directory-filter-title";
  const known = useMemo(() => ({ locations, teams }), [locations, teams]);
  const [filter, setFilterState] = useState<DirectoryFilter>(emptyFilter);
  const [count, setCount] = useState(initialCount);
  // What Load more says to screen readers (a live region; empty until then).
  const [moreNews, setMoreNews] = useState("");
  const [dialogOpen, setDialogOpen] = useState(false);
  const [draft, setDraft] = useState<DirectoryFilter>(emptyFilter);
  const [openId, setOpenId] = useState<number | null>(initialOpenId ?? null);
  const [entered, setEntered] = useState<Motion | undefined>(undefined);
  const focusFrom = useRef<number | null>(null);
  const lastOpen = useRef<number | null>(openId);
  const narrow = useMediaQuery(belowMobile);

  const detailsById = useMemo(() => new Map(details.map((d) => [d.id, d])), [details]);
  const popupPerson = useCallback(
    (id: number | null): PopupPerson | null => {
      const card = id === null ? undefined : people.find((p) => p.id === id);
      const more = id === null ? undefined : detailsById.get(id);
      return card && more ? { ...card, ...more } : null;
    },
    [people, detailsById],
  );
  const titleOf = useCallback(
    (id: number | null) => {
      const person = popupPerson(id);
      return person ? fullTitle(personTitle(person), siteName) : directoryTitle;
    },
    [popupPerson, siteName, directoryTitle],
  );

  // The URL is the source of truth on load and on back/forward.
  useEffect(() => {
    const fromUrl = () => {
      const next = queryToFilter(new URLSearchParams(window.location.search), known);
      setFilterState((current) =>
        filterToQuery(current, known).toString() === filterToQuery(next, known).toString()
          ? current
          : next,
      );
      const id = popupIdFromPath(window.location.pathname);
      if (id !== null && !popupPerson(id)) {
        // Not a person of this build (an old history entry): the server decides.
        window.location.reload();
        return;
      }
      setOpenId(id);
      setEntered(undefined);
      document.title = titleOf(id);
    };
    fromUrl();
    window.addEventListener("popstate", fromUrl);
    return () => window.removeEventListener("popstate", fromUrl);
  }, [known, popupPerson, titleOf]);

  // The dialog belongs to narrow screens only.
  useEffect(() => {
    if (!narrow) setDialogOpen(false);
  }, [narrow]);

  const results = useMemo(() => directory(people, filter, teams), [people, filter, teams]);
  const query = filterToQuery(filter, known).toString();
  const search = query ? `?${query}` : "";

  // After `Load more`, focus moves to the first newly shown person.
  useEffect(() => {
    const from = focusFrom.current;
    focusFrom.current = null;
    const person = from === null ? undefined : results[from];
    if (person) document.getElementById(cardId(person.id))?.focus();
  }, [count, results]);

  // When the popup closes and focus had nowhere to return to (it was opened
  // by URL), focus the card of the person last shown.
  useEffect(() => {
    const closed = lastOpen.current;
    lastOpen.current = openId;
    if (openId !== null || closed === null) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    document.getElementById(cardId(closed))?.focus({ preventScroll: true });
  }, [openId]);

  function setFilter(next: DirectoryFilter) {
    setFilterState(next);
    setCount(initialCount);
    setMoreNews("");
    const q = filterToQuery(next, known).toString();
    window.history.replaceState(
      window.history.state,
      "",
      `${window.location.pathname}${q ? `?${q}` : ""}`,
    );
  }

  function show(id: number | null, how: "push" | "replace", motion?: Motion) {
    const path = id === null ? directoryPath : personPath(id);
    window.history[how === "push" ? "pushState" : "replaceState"](null, "", `${path}${search}`);
    document.title = titleOf(id);
    setEntered(motion === "close" ? undefined : motion);
    setOpenId(id);
  }

  function openDialog() {
    setDraft(filter);
    setDialogOpen(true);
  }

  function applyDraft() {
    setFilter(draft);
    setDialogOpen(false);
  }

  const active = filter.locations.length + filter.teams.length + (filter.text.trim() ? 1 : 0);
  const person = popupPerson(openId);
  const around = person ? neighbours(people, person.id) : {};
  const controls = { locations, teams, labels };
  const draftCount = useMemo(
    () => (dialogOpen ? directory(people, draft, teams).length : 0),
    [dialogOpen, people, draft, teams],
  );
  const none = results.length === 0;

  return (
    <section className={styles.directory} aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId} className={styles.heading}>
          {labels.heading}
        </h2>

        <div className={`${styles.inline} ${styles.scripted}`}>
          <FilterControls
            value={filter}
            onChange={setFilter}
            idPrefix="directory-filter"
            {...controls}
          />
        </div>

        <div className={styles.bar}>
          <p className={styles.count} role="status">
            {countLabel(results.length, labels)}
          </p>
          <p className="visually-hidden" aria-live="polite">
            {moreNews}
          </p>
          <div className={`${styles.mobileOnly} ${styles.scripted}`}>
            <Button variant="secondary" onClick={openDialog} aria-haspopup="dialog">
              {labels.filterButton}
              {active > 0 && <span className={styles.badge}>{` (${active})`}</span>}
            </Button>
          </div>
          {!isEmptyFilter(filter) && !none && (
            <Button variant="tertiary" onClick={() => setFilter(emptyFilter)}>
              {labels.clearLabel}
            </Button>
          )}
        </div>

        {/* Always there, empty while people match: a live region added with its text is silent. */}
        <div className={none ? styles.empty : styles.emptyIdle}>
          <p aria-live="polite">{none ? labels.emptyText : ""}</p>
          {none && (
            <Button variant="primary" onClick={() => setFilter(emptyFilter)}>
              {labels.clearLabel}
            </Button>
          )}
        </div>
        {none ? null : (
          <ul className={styles.grid}>
            {results.map((p, i) => (
              <li key={p.id} className={i >= count ? styles.beyond : undefined}>
                <EmployeeCard
                  person={p}
                  href={`${personPath(p.id)}${search}`}
                  onOpen={(id) => show(id, "push")}
                />
              </li>
            ))}
          </ul>
        )}

        {hasMore(count, results.length) && (
          <div className={`${styles.more} ${styles.mobileOnly} ${styles.scripted}`}>
            <Button
              variant="secondary"
              onClick={() => {
                const shown = nextCount(count, results.length);
                focusFrom.current = count;
                setCount(shown);
                setMoreNews(moreShownLabel(shown - count, shown, results.length, labels));
              }}
            >
              {labels.loadMoreLabel}
            </Button>
          </div>
        )}
      </div>

      <EmployeePopup
        person={person}
        previous={around.previous}
        next={around.next}
        search={search}
        entered={entered}
        labels={popupLabels}
        onMove={(to, motion) => show(to, motion === "close" ? "push" : "replace", motion)}
      />

      <Modal
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        labelledBy={dialogTitleId}
        closeLabel={popupLabels.closeLabel}
        className={styles.dialog}
      >
        {dialogOpen && (
          <form
            className={styles.form}
            onSubmit={(event) => {
              event.preventDefault();
              applyDraft();
            }}
          >
            <h2 id={dialogTitleId} className={styles.dialogTitle}>
              {labels.dialogTitle}
            </h2>
            <FilterControls
              value={draft}
              onChange={setDraft}
              stacked
              idPrefix="dialog-filter"
              {...controls}
            />
            {/* How many the choices match, heard as they change. */}
            <p className="visually-hidden" aria-live="polite">
              {countLabel(draftCount, labels)}
            </p>
            <div className={styles.actions}>
              <Button variant="primary" onClick={applyDraft}>
                {labels.applyLabel}
              </Button>
              <Button variant="tertiary" onClick={() => setDraft(emptyFilter)}>
                {labels.clearLabel}
              </Button>
            </div>
          </form>
        )}
      </Modal>
    </section>
  );
}
