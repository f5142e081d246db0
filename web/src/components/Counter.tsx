import styles from "./Counter.module.css";

interface CounterProps {
  value: number;
  label: string;
  durationMs: number;
}

/** A number `wireCounters` counts up in view; the HTML and screen readers have the final one. */
export function Counter({ value, label, durationMs }: CounterProps) {
  return (
    <p className={styles.counter}>
      <span
        className={styles.number}
        aria-hidden="true"
        data-counter={value}
        data-counter-ms={durationMs}
      >
        {value}
      </span>
      <span className="visually-hidden">{value} </span>
      <span className={`eyebrow ${styles.label}`}>{label}</span>
    </p>
  );
}
