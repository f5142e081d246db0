import styles from "./Counter.module.css";

interface CounterProps {
  value: number;
  label: string;
  durationMs: number;
}

/**
 * A number that counts up from 0 when it scrolls into view. The HTML holds the
 * final number (no JavaScript, reduced motion, or already on screen: it simply
 * stays); `wireCounters` (@/lib/counter) does the counting. Screen readers read
 * the final number only; the moving digits are hidden from them.
 */
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
      <span className={styles.label}>{label}</span>
    </p>
  );
}
