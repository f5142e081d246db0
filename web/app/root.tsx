import { useEffect, useState, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useMatches,
  type MetaDescriptor,
} from "react-router";
import { Footer } from "~/components/Footer";
import { Header } from "~/components/Header";
import { NotFound } from "~/components/NotFound";
import { ScrollToTop } from "~/components/ScrollToTop";
import { site } from "~/lib/content";
import { isNotFoundMatch } from "~/lib/route-handle";
import { restoreServedUrl } from "~/lib/served-url";
import type { Route } from "./+types/root";
import "~/styles/global.css";
import faviconUrl from "#content/media/logos/veldhaven-mark.svg?url";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: faviconUrl, type: "image/svg+xml" },
];

export function Layout({ children }: { children: ReactNode }) {
  const notFound = useMatches().some(isNotFoundMatch);
  return (
    <html lang={site.locale} data-not-found={notFound ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f2a3d" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const [menuOpen, setMenuOpen] = useState(false);
  // The 404 page hydrates at /404; give the visitor's URL back (~/lib/served-url).
  useEffect(() => restoreServedUrl(window), []);
  return (
    <>
      <a className="skip-link" href="#main">
        {site.ui.skipLink}
      </a>
      <Header menuOpen={menuOpen} onMenuOpenChange={setMenuOpen} />
      <main id="main" tabIndex={-1} inert={menuOpen}>
        <Outlet />
      </main>
      <Footer inert={menuOpen} />
      <ScrollToTop />
    </>
  );
}

export function meta(): MetaDescriptor[] {
  return [];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="error-page">
      {notFound ? (
        <NotFound />
      ) : (
        <section className="container">
          <h1>{site.ui.errorHeading}</h1>
          <p>
            {site.ui.errorText} <a href="/">{site.ui.errorHomeLabel}</a>.
          </p>
        </section>
      )}
    </main>
  );
}
