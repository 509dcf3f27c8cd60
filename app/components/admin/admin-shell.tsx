import { type ReactNode, useEffect, useRef } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { currentNavigationItem, type NavigationItem } from "../../domain/admin/navigation.ts";
import { ClubCrest } from "../site/club-crest.tsx";
import { useClub } from "../site/use-club.ts";
import { AdminOfflineNotice } from "./admin-offline-notice.tsx";
import { buttonStyles, StatusMessage } from "./form-fields.tsx";
import { PendingChanges } from "./pending-changes.tsx";
import { ADD_ANOTHER_ID, SCREEN_ERROR_ID, SCREEN_TITLE_ID } from "./resource/ids.ts";
import { UndoNotice } from "./resource/undo-notice.tsx";
import type { AdminScreenState } from "./resource/use-admin-reply.ts";

/** The admin area's frame: its own navigation, calm and usable on a phone. */
export function AdminShell({
  email,
  navigation,
  unread,
  children,
}: {
  email: string;
  /** rules §6: the screens this person may use, from the registry (navigationFor). */
  navigation: NavigationItem[];
  unread: number;
  children: ReactNode;
}) {
  const club = useClub();
  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3">
          <Link to="/admin" className="flex min-w-0 items-center gap-3 rounded-md">
            <ClubCrest size={36} className="size-9 shrink-0" />
            <span className="truncate font-display text-lg font-bold uppercase tracking-wide text-slate-900">
              <span className="hidden sm:inline">{club.shortName} </span>Admin
            </span>
          </Link>
          <div className="flex items-center gap-3 text-sm text-slate-600">
            <span className="hidden sm:inline">{email}</span>
            {/* from any admin screen to the public site, to see a change. */}
            <Link
              to="/"
              className="inline-flex min-h-11 items-center rounded-md px-2 font-semibold text-club underline underline-offset-4 hover:no-underline"
            >
              View site
            </Link>
            <Form method="post" action="/admin/logout">
              <button
                type="submit"
                className="min-h-11 rounded-md border border-slate-300 bg-white px-4 font-semibold text-slate-800 hover:bg-slate-100"
              >
                Sign out
              </button>
            </Form>
          </div>
        </div>
        <AdminNavigation navigation={navigation} unread={unread} />
      </header>
      <AdminOfflineNotice />
      <main id="main" className="mx-auto max-w-5xl px-4 py-6 sm:py-10">
        {children}
      </main>
    </div>
  );
}

/**
 * The admin navigation (rules §6: every screen this person may use, from the registry). On a
 * phone it is one line, a "Menu" disclosure naming the current screen, that opens onto the
 * whole list in two columns (ADR 039); from the small breakpoint up, the list itself. A
 * <details> element, so it opens without JavaScript too; it closes after each navigation.
 */
function AdminNavigation({ navigation, unread }: { navigation: NavigationItem[]; unread: number }) {
  const { pathname } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the address changes
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  const current = currentNavigationItem(navigation, pathname);
  const links = (compact: boolean) =>
    navigation.map((section) => (
      <li key={section.to}>
        <NavLink
          to={section.to}
          end={section.end}
          className={({ isActive }) =>
            `inline-flex min-h-11 items-center whitespace-nowrap text-sm font-semibold ${
              compact ? "w-full rounded-md border-l-4 px-3" : "border-b-2 px-2.5 sm:px-3"
            } ${
              isActive
                ? "border-club text-club"
                : "border-transparent text-slate-600 hover:text-slate-900"
            }`
          }
        >
          {section.label}
          {section.to === "/admin/messages" && unread > 0 ? (
            <span className="ml-2 rounded-full bg-club px-2 py-0.5 text-xs text-club-contrast">
              {unread}
              <span className="sr-only"> unread</span>
            </span>
          ) : null}
        </NavLink>
      </li>
    ));
  return (
    <nav aria-label="Admin" className="mx-auto max-w-5xl px-2">
      <details ref={menu} className="group sm:hidden">
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-2 text-sm font-semibold text-slate-800 [&::-webkit-details-marker]:hidden">
          <span aria-hidden="true" className="transition-transform group-open:rotate-90">
            ▸
          </span>
          Menu
          {current ? (
            <span className="font-normal text-slate-600">
              <span aria-hidden="true">· </span>
              <span className="sr-only">, now on </span>
              {current.label}
            </span>
          ) : null}
        </summary>
        <ul className="grid grid-cols-2 gap-x-2 pb-2">{links(true)}</ul>
      </details>
      <ul className="hidden flex-wrap gap-x-1 sm:flex">{links(false)}</ul>
    </nav>
  );
}

/** Every admin page's way back (rules §2: on the team screen it reads 'Return to Dashboard'). */
function BackToDashboard({ label = "Back to Dashboard" }: { label?: string }) {
  return (
    <Link
      to="/admin"
      className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-club underline-offset-4 hover:underline"
    >
      <span aria-hidden="true">←</span> {label}
    </Link>
  );
}

/**
 * The top of every admin screen (ADR 005): the way back to the dashboard, the title, a line
 * on what the screen does, then the outcome of the last action (from useAdminReply): a
 * refusal (announced at once), a confirmation in a polite live region that is always on the
 * page (so its new words are read), and after a delete the Undo notice, in the page's flow.
 */
export function AdminPageHeader({
  title,
  intro,
  backLabel,
  screen,
}: {
  title: string;
  intro: ReactNode;
  backLabel?: string;
  screen: Pick<AdminScreenState, "error" | "status" | "undo" | "actionHref"> &
    Partial<Pick<AdminScreenState, "addAnother">>;
}) {
  return (
    <>
      <BackToDashboard label={backLabel} />
      <h1
        id={SCREEN_TITLE_ID}
        tabIndex={-1}
        className="mt-2 font-display text-3xl font-extrabold uppercase text-slate-900 sm:text-4xl"
      >
        {title}
      </h1>
      <p className="mt-2 text-slate-600">{intro}</p>
      <div className="mt-4 space-y-2">
        {screen.error ? (
          <p
            id={SCREEN_ERROR_ID}
            tabIndex={-1}
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {screen.error}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <StatusMessage>{screen.status}</StatusMessage>
          {screen.addAnother ? (
            // ADR 039: after a record was added the keyboard is here, one key press from the
            // form's first field.
            <button
              id={ADD_ANOTHER_ID}
              type="button"
              onClick={screen.addAnother}
              className={buttonStyles.secondary}
            >
              Add another
            </button>
          ) : null}
        </div>
        <UndoNotice offer={screen.undo} action={screen.actionHref} />
        <PendingChanges />
      </div>
    </>
  );
}
