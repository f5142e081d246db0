import { toggle, type DirectoryFilter } from "@/lib/directory";
import type { DirectoryLabels } from "@/lib/people";
import styles from "./FilterControls.module.css";

interface FilterControlsProps {
  value: DirectoryFilter;
  onChange: (next: DirectoryFilter) => void;
  /** Stacked layout for the mobile dialog. */
  stacked?: boolean;
  /** Prefix of the ids inside (the controls appear twice on the page). */
  idPrefix: string;
  /** The office cities and the teams, in the order they are offered. */
  locations: readonly string[];
  teams: readonly string[];
  labels: Pick<
    DirectoryLabels,
    "searchLabel" | "searchPlaceholder" | "locationsLabel" | "teamsLabel"
  >;
}

/** Name search and the location and team toggles, inline or in the mobile dialog. */
export function FilterControls({
  value,
  onChange,
  stacked,
  idPrefix,
  locations,
  teams,
  labels,
}: FilterControlsProps) {
  const id = idPrefix;
  const group = (legend: string, names: readonly string[], key: "locations" | "teams") => (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.toggles}>
        {names.map((name) => {
          const v = name.toLowerCase();
          const pressed = value[key].includes(v);
          return (
            <button
              key={name}
              type="button"
              className={styles.toggle}
              aria-pressed={pressed}
              onClick={() => onChange({ ...value, [key]: toggle(value[key], v) })}
            >
              <span className={styles.check} aria-hidden="true">
                ✓
              </span>
              {name}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
  return (
    <div className={[styles.controls, stacked && styles.stacked].filter(Boolean).join(" ")}>
      <div className={styles.search}>
        <label htmlFor={`${id}-q`} className={styles.legend}>
          {labels.searchLabel}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className={styles.input}
          placeholder={labels.searchPlaceholder}
          value={value.text}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onChange({ ...value, text: e.target.value })}
        />
      </div>
      {group(labels.locationsLabel, locations, "locations")}
      {group(labels.teamsLabel, teams, "teams")}
    </div>
  );
}
