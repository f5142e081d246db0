import { useNavigation } from "react-router";
import styles from "./VacancyLoading.module.css";

/**
 * `Wordt geladen...` while the router is genuinely loading a vacancy page: a
 * client-side navigation to /careers/{slug} whose route module is still being
 * fetched. A prerendered vacancy page arrives complete, so a direct visit never
 * shows it.
 */
export function VacancyLoading({ text }: { text: string }) {
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && /^\/careers\/[^/]+$/.test(navigation.location.pathname);
  return (
    <p role="status" className={styles.status}>
      {loading ? text : ""}
    </p>
  );
}
