import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import type { MatchCentrePage } from "../../../domain/fixtures/match-centre-tabs.ts";
import { MatchCentreTabContent } from "./match-centre-content.tsx";

// ADR 008: a match-centre tab's content as HTML, for the tab endpoint (/fixtures/tab/:tab),
// so the browser shows the other tabs without their components' code. The same component
// the page renders, inside a static router (React Router's own API for rendering on the
// server) whose root route has the root's loader data: the content reads the club's team
// name and time zone from there, as on the page, and its links are rendered as on the page.

/** The HTML of `page`'s own tab, as the page itself renders it. */
export async function matchCentreTabHtml({
  request,
  page,
  rootData,
}: {
  request: Request;
  page: MatchCentrePage;
  /** What the root route's loader sends (domain/club/page-data.server.ts). */
  rootData: unknown;
}): Promise<string> {
  const { query, dataRoutes } = createStaticHandler([
    {
      id: "root",
      path: "*",
      loader: () => rootData,
      element: <MatchCentreTabContent page={page} />,
    },
  ]);
  const context = await query(request);
  if (context instanceof Response) throw context;
  const router = createStaticRouter(dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}
