import { type ReactNode, useState } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { type ServerIslands, useServerIsland } from "../server-islands.ts";

// rules §2 Following by e-mail: the forms the public pages show, only when the site sends
// e-mail (SMTP_URL): the site layout's loader says so. Their code (subscribe-form.tsx) comes to
// the browser only on /subscribe: elsewhere the page keeps the server's HTML of them, as the
// match centre keeps its tabs' (ADR 028), so the code every page loads stays as it was.

/** Whether the site sends e-mail: the public layout's loader data. */
function useMailEnabled(): boolean {
  const data = useRouteLoaderData("routes/site/layout") as { mailEnabled?: boolean } | undefined;
  return data?.mailEnabled === true;
}

type KeptForm = "SubscribeFormSection" | "ShortSubscribeForm";

/**
 * A form rendered on the server only (server-islands.ts). In the browser: the server's HTML,
 * kept as it is (React does not look inside HTML it was given, also while hydrating), or,
 * after a client navigation with no server HTML to keep, `fallback`.
 */
function KeptHtml({ name, fallback }: { name: KeptForm; fallback: ReactNode }) {
  const Server: ServerIslands[KeptForm] = useServerIsland(name);
  const [kept] = useState(() =>
    typeof document === "undefined"
      ? undefined
      : document.querySelector(`[data-kept-html="${name}"]`)?.innerHTML,
  );
  if (Server) {
    return (
      <div data-kept-html={name}>
        <Server />
      </div>
    );
  }
  if (kept !== undefined) {
    return (
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own HTML from our server (React escaped it there), read back from the document
      <div data-kept-html={name} dangerouslySetInnerHTML={{ __html: kept }} />
    );
  }
  return <>{fallback}</>;
}

/** The footer's short form: the address only; /subscribe opens with it filled in. */
export function FooterSubscribe() {
  return <KeptHtml name="ShortSubscribeForm" fallback={<SubscribeLink />} />;
}

/** The news page's and the match centre's full form, under their content. */
export function SubscribeSection() {
  if (!useMailEnabled()) return null;
  return <KeptHtml name="SubscribeFormSection" fallback={<SubscribeLink />} />;
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
