import { useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@/components/Button";
import { Modal } from "@/components/Modal";
import {
  directory,
  emptyFilter,
  filterToQuery,
  hasMore,
  initialCount,
  isEmptyFilter,
  nextCount,
  queryToFilter,
  type DirectoryFilter,
} from "@/lib/directory";
import { directoryEmployees, locations, people, resultCount, teams } from "@/lib/people";
import { belowMobile, useMediaQuery } from "@/lib/use-media-query";
import { cardId, EmployeeCard } from "./EmployeeCard";
import { FilterControls } from "./FilterControls";
import styles from "./PeopleDirectory.module.css";

const known = { locations, teams };

/**
 * The searchable, filterable directory. The filter lives in the URL query (a
 * filtered view can be shared and survives reload); it is read after
 * hydration, so the prerendered HTML (everyone) hydrates without a mismatch.
 * Wide screens filter inline and show the whole grid; phones filter in a
 * dialog and show 8 people, 10 more per `Load more`.
 */
export function PeopleDirectory() {
  const labels = people.directory;
  // Fixed ids, not useId: the client entry renders a different tree shape
  // than the prerender, so useId values would not match the HTML.
  const headingId = "directory-heading";
  const dialogTitleId = "directory-filter-title";
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.toString();
  const [filter, setFilterState] = useState<DirectoryFilter>(emptyFilter);
  const [count, setCount] = useState(initialCount);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [draft, setDraft] = useState<DirectoryFilter>(emptyFilter);
  const focusFrom = useRef<number | null>(null);
  const narrow = useMediaQuery(belowMobile);

  // The URL is the source of truth on load and on back/forward.
  useEffect(() => {
    setFilterState((current) =>
      filterToQuery(current, known).toString() === query
        ? current
        : queryToFilter(new URLSearchParams(query), known),
    );
  }, [query]);

  // The dialog belongs to narrow screens only.
  useEffect(() => {
    if (!narrow) setDialogOpen(false);
  }, [narrow]);

  const results = useMemo(() => directory(directoryEmployees, filter, teams), [filter]);
  const search = filterToQuery(filter, known).toString();
  const linkSearch = search ? `?${search}` : "";

  // After `Load more`, focus moves to the first newly shown person.
  useEffect(() => {
    const from = focusFrom.current;
    focusFrom.current = null;
    const person = from === null ? undefined : results[from];
    if (person) document.getElementById(cardId(person.id))?.focus();
  }, [count, results]);

  function setFilter(next: DirectoryFilter) {
    setFilterState(next);
    setCount(initialCount);
    setSearchParams(filterToQuery(next, known), { replace: true, preventScrollReset: true });
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

  return (
    <section className={styles.directory} aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId} className={styles.heading}>
          {labels.heading}
        </h2>

        <div className={styles.inline}>
          <FilterControls value={filter} onChange={setFilter} idPrefix="directory-filter" />
        </div>

        <div className={styles.bar}>
          <p className={styles.count} role="status">
            {resultCount(results.length)}
          </p>
          <div className={styles.mobileOnly}>
            <Button variant="secondary" onClick={openDialog} aria-haspopup="dialog">
              {labels.filterButton}
              {active > 0 && <span className={styles.badge}>{` (${active})`}</span>}
            </Button>
          </div>
          {!isEmptyFilter(filter) && results.length > 0 && (
            <Button variant="tertiary" onClick={() => setFilter(emptyFilter)}>
              {labels.clearLabel}
            </Button>
          )}
        </div>

        {results.length === 0 ? (
          <div className={styles.empty}>
            <p>{labels.emptyText}</p>
            <Button variant="primary" onClick={() => setFilter(emptyFilter)}>
              {labels.clearLabel}
            </Button>
          </div>
        ) : (
          <ul className={styles.grid}>
            {results.map((employee, i) => (
              <li key={employee.id} className={i >= count ? styles.beyond : undefined}>
                <EmployeeCard employee={employee} search={linkSearch} />
              </li>
            ))}
          </ul>
        )}

        {hasMore(count, results.length) && (
          <div className={`${styles.more} ${styles.mobileOnly}`}>
            <Button
              variant="secondary"
              onClick={() => {
                focusFrom.current = count;
                setCount(nextCount(count, results.length));
              }}
            >
              {labels.loadMoreLabel}
            </Button>
          </div>
        )}
      </div>

      <Modal
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        labelledBy={dialogTitleId}
        closeLabel={people.popup.closeLabel}
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
            <FilterControls value={draft} onChange={setDraft} stacked idPrefix="dialog-filter" />
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
