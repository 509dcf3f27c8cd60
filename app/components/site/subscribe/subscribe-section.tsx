import { Link, useRouteLoaderData } from "react-router";
import { KeptIsland } from "../kept-html.tsx";

// rules §2 Following by e-mail: the forms the public pages show, only when the site sends
// e-mail (SMTP_URL): the site layout's loader says so. Their code (subscribe-form.tsx) comes to
// the browser only on /subscribe: elsewhere the page keeps the server's HTML of them, as the
// match centre keeps its tabs' (ADR 028), so the code every page loads stays as it was.

/** Whether the site sends e-mail: the public layout's loader data. */
function useMailEnabled(): boolean {
  const data = useRouteLoaderData("routes/site/layout") as { mailEnabled?: boolean } | undefined;
  return data?.mailEnabled === true;
}

/** The footer's short form: the address only; /subscribe opens with it filled in. */
export function FooterSubscribe() {
  if (!useMailEnabled()) return null;
  return <KeptIsland name="ShortSubscribeForm" fallback={<SubscribeLink />} />;
}

/** The news page's and the match centre's full form, under their content. */
export function SubscribeSection() {
  if (!useMailEnabled()) return null;
  return <KeptIsland name="SubscribeFormSection" fallback={<SubscribeLink />} />;
}

function SubscribeLink() {
  return (
    <p className="mx-auto max-w-6xl px-5 py-8 sm:px-8">
      <Link to="/subscribe" className="font-semibold underline underline-offset-4">
        Follow the club by e-mail
      </Link>
    </p>
  );
}
