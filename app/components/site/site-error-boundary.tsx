import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { HEADER_LINKS } from "../../domain/site/navigation.ts";
import { useReloadWhenOffline } from "../connectivity/deferred.tsx";

// What a public page shows, inside the site layout, when its data could not be loaded
// (decisions 16: an error message with a retry, never an endless loading text).

/** A screen's own words for "not found" (e.g. a news item), with a link back to its list. */
export interface NotFoundCopy {
  title: string;
  message: string;
  backTo: { to: string; label: string };
}

export function SiteErrorBoundary({ notFoundCopy }: { notFoundCopy?: NotFoundCopy }) {
  const error = useRouteError();
  const location = useLocation();
  useReloadWhenOffline(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (notFound && notFoundCopy) return <ErrorScreen kicker="Error 404" {...notFoundCopy} />;
  return (
    <ErrorScreen
      kicker={notFound ? "Error 404" : "Error"}
      title={notFound ? "Page not found" : "Something went wrong"}
      message={
        notFound
          ? "We couldn't find the page you were looking for. It may have moved, or the address may be mistyped."
          : "The page could not be loaded. Please try again in a moment."
      }
      retryTo={notFound ? undefined : `${location.pathname}${location.search}`}
    />
  );
}

const POPULAR = HEADER_LINKS.filter((link) => link.to !== "/");

export function ErrorScreen({
  kicker,
  title,
  message,
  retryTo,
  backTo,
}: {
  kicker: string;
  title: string;
  message: string;
  retryTo?: string;
  backTo?: { to: string; label: string };
}) {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-3xl flex-col justify-center px-5 py-20 sm:px-8">
      <p className="font-display text-sm font-bold uppercase tracking-[0.25em] text-club">
        {kicker}
      </p>
      <h1 className="mt-3 font-display text-5xl font-extrabold uppercase leading-none text-slate-900 sm:text-6xl">
        {title}
      </h1>
      <p className="mt-5 max-w-xl text-lg text-slate-700">{message}</p>
      <p className="mt-8 flex flex-wrap gap-4">
        {backTo ? (
          <Link to={backTo.to} className="button-primary">
            {backTo.label}
          </Link>
        ) : null}
        <Link to="/" className={backTo ? "button-secondary" : "button-primary"}>
          Go to the home page
        </Link>
        {retryTo ? (
          <Link to={retryTo} reloadDocument className="button-secondary">
            Try again
          </Link>
        ) : null}
      </p>
      {retryTo ? null : (
        <nav aria-label="Popular pages" className="mt-12 border-t border-slate-200 pt-6">
          <h2 className="kicker text-slate-700">Popular pages</h2>
          <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-1">
            {POPULAR.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-11 items-center font-semibold text-club underline underline-offset-4 hover:no-underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
