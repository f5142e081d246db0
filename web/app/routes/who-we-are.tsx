import { Link, Outlet } from "react-router";
import { PageIntro } from "~/components/PageIntro";
import { staticPageMeta } from "~/lib/page-meta";
import { employees } from "~/lib/people";

export const meta = () => staticPageMeta("/who-we-are");

export default function WhoWeAre() {
  return (
    <>
      <PageIntro path="/who-we-are" />
      <section className="container" aria-label="Directory">
        <ul>
          {employees.map((e) => (
            <li key={e.id}>
              <Link to={`/who-we-are/${e.id}`} preventScrollReset>
                {e.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <Outlet />
    </>
  );
}
