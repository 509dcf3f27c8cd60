import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { HEADER_LINKS, personLinkFor } from "../../domain/site/navigation.ts";
import { ClubCrest } from "./club-crest.tsx";
import { CloseIcon, MenuIcon, PersonIcon } from "./icons.tsx";
import { useClub } from "./use-club.ts";
import { useHydrated } from "./use-hydrated.ts";

// The sticky header (rules §2 Header): the club's mark, the seven links, the person icon, and
// on small screens a menu toggle. The menu is a native popover (ADR 019): the toggle opens and
// closes it, Escape and a press outside close it, before the page's scripts run and without
// them (decisions 29). app.css places it under the header and shows the toggle only on small
// screens in browsers with popovers; a browser without them shows every link under the bar.
// Once the scripts run they add what the browser does not do: focus to the first link, the
// state in aria-expanded, and closing on a chosen link (a client navigation) or when focus
// leaves the header.

/** The menu's id: one header per page. */
const SITE_MENU_ID = "site-menu";

export function SiteHeader({ signedIn }: { signedIn: boolean }) {
  const club = useClub();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const person = personLinkFor(signedIn);

  // A chosen link closes the menu (rules §2 Header), as does any other navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every new location
  useEffect(() => {
    closeMenu(listRef.current);
  }, [location.key]);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    // The state may have changed before the scripts ran: read it, then follow it.
    setOpen(isOpen(list));
    const onToggle = (event: Event) => {
      const nowOpen = (event as ToggleEvent).newState === "open";
      setOpen(nowOpen);
      // Focus moves to the first link; when the menu closes with focus inside (Escape),
      // it goes back to the toggle.
      if (nowOpen) list.querySelector<HTMLAnchorElement>("a")?.focus();
      else if (list.contains(document.activeElement)) toggleRef.current?.focus();
    };
    // Leaving the header with the keyboard closes it; so does the screen growing past the
    // width where the links are shown in a row.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Node | null;
      if (target && !headerRef.current?.contains(target)) closeMenu(list);
    };
    const wide = window.matchMedia("(width >= 64rem)");
    const onWide = () => {
      if (wide.matches) closeMenu(list);
    };
    list.addEventListener("toggle", onToggle);
    document.addEventListener("focusin", onFocusIn);
    wide.addEventListener("change", onWide);
    return () => {
      list.removeEventListener("toggle", onToggle);
      document.removeEventListener("focusin", onFocusIn);
      wide.removeEventListener("change", onWide);
    };
  }, []);

  return (
    <header
      ref={headerRef}
      data-site-header=""
      className="site-header group/header top-0 z-40 bg-club text-club-contrast shadow-[0_1px_0_rgb(255_255_255/0.08),0_8px_24px_-12px_rgb(0_0_0/0.5)]"
    >
      <div className="site-header-bar mx-auto flex min-h-16 max-w-6xl items-center gap-x-2 sm:gap-x-3 px-5 sm:px-8 lg:min-h-20 lg:flex-nowrap lg:gap-8">
        <Link
          to="/"
          className="group mr-auto flex min-h-11 min-w-0 items-center gap-3 rounded-md pr-2 lg:mr-0"
        >
          <ClubCrest size={40} className="size-9 sm:size-10 lg:size-12" />
          <span className="min-w-0 font-display text-lg leading-[0.95] font-extrabold uppercase tracking-wide break-words max-sm:max-w-min sm:text-xl lg:text-2xl">
            {club.shortName}
            <span className="sr-only">, home</span>
          </span>
        </Link>

        <nav aria-label="Main" className="site-header-nav lg:ml-auto">
          {/* Wide screens: one row. Small screens: a panel under the bar, the toggle's
              popover (a row that wraps under the bar where popovers are not supported). */}
          <ul id={SITE_MENU_ID} ref={listRef} popover="auto" className="site-menu">
            {HEADER_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === "/"} className="nav-link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <Link
          to={person.to}
          aria-label={person.label}
          className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-white/25 transition-colors hover:border-accent hover:bg-white/10"
        >
          <PersonIcon className="size-5" />
          {signedIn ? (
            <span
              aria-hidden="true"
              className="absolute top-0.5 right-0.5 size-2.5 rounded-full bg-accent ring-2 ring-club"
            />
          ) : null}
        </Link>

        {/* Before the scripts run the browser itself exposes the popover's state to assistive
            technology; after, aria-expanded says it too. The icon follows the popover in CSS. */}
        <button
          ref={toggleRef}
          type="button"
          popoverTarget={SITE_MENU_ID}
          aria-controls={SITE_MENU_ID}
          aria-expanded={hydrated ? open : undefined}
          className="site-menu-toggle min-h-11 items-center gap-2 rounded-md border border-white/25 px-3 font-display text-lg font-bold uppercase tracking-wide hover:bg-white/10"
        >
          <MenuIcon className="size-5 group-has-[:popover-open]/header:hidden" />
          <CloseIcon className="hidden size-5 group-has-[:popover-open]/header:block" />
          <span className="max-[359px]:sr-only">Menu</span>
        </button>
      </div>
    </header>
  );
}

// A browser without popovers has neither the selector nor the methods (the links are shown).
function isOpen(list: HTMLElement): boolean {
  return "hidePopover" in list && list.matches(":popover-open");
}

function closeMenu(list: HTMLElement | null): void {
  if (list && isOpen(list)) list.hidePopover();
}
