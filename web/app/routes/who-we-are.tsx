import { useEffect, useRef } from "react";
import { Outlet, useParams } from "react-router";
import { NotFound } from "~/components/NotFound";
import { cardId } from "~/components/people/EmployeeCard";
import { OurDna } from "~/components/people/OurDna";
import { PeopleDirectory } from "~/components/people/PeopleDirectory";
import { Values } from "~/components/people/Values";
import { staticPageMeta } from "~/lib/page-meta";
import { directoryEmployees, findById } from "~/lib/people";
import page from "virtual:content/pages.json?pick=/who-we-are";
import { registerPage } from "~/lib/content";

registerPage("/who-we-are", page);

export const meta = () => staticPageMeta("/who-we-are");

/**
 * Who we are: Our DNA, the values and the directory. The child route
 * /who-we-are/{id} opens the employee popup over it.
 */
export default function WhoWeAre() {
  const { id } = useParams();
  const unknown = id !== undefined && !findById(directoryEmployees, id);
  useFocusCardAfterPopup(unknown ? undefined : id);
  if (unknown) return <NotFound />;
  return (
    <>
      <OurDna />
      <Values />
      <PeopleDirectory />
      <Outlet />
    </>
  );
}

/**
 * When the popup closes and focus had nowhere to return to (it was opened by
 * URL), focus the card of the person last shown.
 */
function useFocusCardAfterPopup(id: string | undefined) {
  const last = useRef(id);
  useEffect(() => {
    const closed = last.current;
    last.current = id;
    if (id !== undefined || closed === undefined) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    document.getElementById(cardId(Number(closed)))?.focus({ preventScroll: true });
  }, [id]);
}
