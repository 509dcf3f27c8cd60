import { createContext, useContext } from "react";
import { Link } from "react-router";

// A venue's name, linked to its page and access guide (rules §2 Venue page, ADR 031) when it
// is one of the club's venues; a one-off location stays text. The page model gives the
// addresses by name (venueLinks), and the page provides them to every card it draws.

const VenueLinksContext = createContext<Readonly<Record<string, string>>>({});

export const VenueLinksProvider = VenueLinksContext.Provider;

export function VenueName({ name, tone = "light" }: { name: string; tone?: "light" | "dark" }) {
  const href = useContext(VenueLinksContext)[name];
  if (!href) return <>{name}</>;
  return (
    <Link
      to={href}
      // At least 24 px tall (WCAG 2.5.8), whatever targets are near it in the card.
      className={`inline-block py-0.5 font-semibold underline underline-offset-4 ${tone === "dark" ? "text-white decoration-accent" : "text-club"}`}
    >
      {name}
      <span className="sr-only">: venue and access guide</span>
    </Link>
  );
}
