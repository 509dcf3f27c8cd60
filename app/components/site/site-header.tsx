import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import crest from "../../assets/crest.svg";
import { HEADER_LINKS, personLinkFor } from "../../domain/site/navigation.ts";
import { CloseIcon, MenuIcon, PersonIcon } from "./icons.tsx";
import { useClub } from "./use-club.ts";

// The sticky header (rules §2 Header): the club's mark, the seven links, the person icon, and
// on small screens a menu toggle. Without JavaScript the links are always shown (the toggle
// needs the `js` class the document adds in its head).

export function SiteHeader({ signedIn }: { signedIn: boolean }) {
  const club = useClub();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();
  const person = personLinkFor(signedIn);

  // A chosen link closes the menu (rules §2 Header), as does any other navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every new location
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  useEffect(() => {
    if (!open) return;
    // Focus moves to the first link; Escape closes and gives focus back to the toggle;
    // leaving the header (focus or pointer) closes the menu.
    listRef.current?.querySelector<HTMLAnchorElement>("a")?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    const onOutside = (event: Event) => {
      const target = event.target as Node | null;
      if (target && !headerRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onOutside);
    document.addEventListener("pointerdown", onOutside);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onOutside);
      document.removeEventListener("pointerdown", onOutside);
    };
  }, [open]);

  return (
    <header
      ref={headerRef}
      data-site-header=""
      className="top-0 z-40 bg-club text-club-contrast shadow-[0_1px_0_rgb(255_255_255/0.08),0_8px_24px_-12px_rgb(0_0_0/0.5)] js:sticky no-js:lg:sticky [@media(max-height:30rem)]:relative"
    >
      <div className="mx-auto flex min-h-16 max-w-6xl items-center gap-x-2 no-js:max-lg:flex-wrap sm:gap-x-3 px-5 sm:px-8 lg:min-h-20 lg:flex-nowrap lg:gap-8">
        <Link
          to="/"
          className="group mr-auto flex min-h-11 min-w-0 items-center gap-3 rounded-md pr-2 lg:mr-0"
        >
          <img src={crest} alt="" width={40} height={40} className="size-9 sm:size-10 lg:size-12" />
          <span className="min-w-0 font-display text-lg leading-[0.95] font-extrabold uppercase tracking-wide break-words max-sm:max-w-min sm:text-xl lg:text-2xl">
            {club.shortName}
            <span className="sr-only">, home</span>
          </span>
        </Link>

        <nav
          aria-label="Main"
          className="max-lg:no-js:order-last max-lg:no-js:w-full max-lg:no-js:pb-3 lg:ml-auto"
        >
          <ul
            id={listId}
            ref={listRef}
            className={[
              "flex gap-1",
              // Wide screens: one row. Small screens without JS: a row that wraps under the
              // bar. Small screens with JS: a panel under the bar, shown by the toggle.
              "max-lg:no-js:flex-wrap",
              "max-lg:js:absolute max-lg:js:inset-x-0 max-lg:js:top-full max-lg:js:flex-col max-lg:js:border-t max-lg:js:border-white/15 max-lg:js:bg-club max-lg:js:px-5 max-lg:js:py-3 max-lg:js:shadow-2xl",
              open ? "" : "max-lg:js:hidden",
            ].join(" ")}
          >
            {HEADER_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.to === "/"}
                  onClick={() => setOpen(false)}
                  className="nav-link"
                >
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

        <button
          ref={toggleRef}
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
          className="hidden min-h-11 items-center gap-2 rounded-md border border-white/25 px-3 font-display text-lg font-bold uppercase tracking-wide hover:bg-white/10 max-lg:js:inline-flex"
        >
          {open ? <CloseIcon className="size-5" /> : <MenuIcon className="size-5" />}
          <span className="max-[359px]:sr-only">Menu</span>
        </button>
      </div>
    </header>
  );
}
