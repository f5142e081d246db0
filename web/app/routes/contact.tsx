import { PageHeader } from "~/components/PageHeader";
import { staticPageMeta } from "~/lib/page-meta";
import { contact } from "~/lib/contact";
import { HeadOffice } from "./contact/HeadOffice";
import { MapConsent } from "./contact/MapConsent";
import { OfficeAccordion } from "./contact/OfficeAccordion";
import styles from "./contact/contact.module.css";
import page from "virtual:content/pages.json?pick=/contact";
import { registerPage } from "~/lib/content";

registerPage("/contact", page);

export const meta = () => staticPageMeta("/contact");

export default function Contact() {
  return (
    <>
      <PageHeader path="/contact" image={contact.header.image} alt={contact.header.alt} />
      <div className={`container ${styles.layout}`}>
        <HeadOffice />
        <OfficeAccordion />
      </div>
      <div className="container">
        <MapConsent />
      </div>
    </>
  );
}
