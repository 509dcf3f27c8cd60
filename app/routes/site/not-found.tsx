import { data } from "react-router";
import { ErrorScreen } from "../../components/site/site-error-boundary.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = ({ matches }) => {
  const club = clubFromMatches(matches);
  return [{ title: `Page not found | ${club.shortName}` }, { name: "robots", content: "noindex" }];
};

// Any address no other route matches (rules §2 Not found): HTTP 404, inside the site layout.
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <ErrorScreen
      kicker="Error 404"
      title="Page not found"
      message="We couldn't find the page you were looking for. It may have moved, or the address may be mistyped."
    />
  );
}
