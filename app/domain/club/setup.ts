import type { ClubDetails } from "./club.schema.ts";
import { defaultClubDetails, hasAddress } from "./rules.ts";

// decisions 35: the setup checklist on the admin dashboard, which leads a new club through its
// first hour. Each item is worked out from the club's data (nothing is ticked by hand), so it
// ticks itself when the job is done and unticks if it is undone. Pure, no I/O.

/** What the checklist is worked out from (setup.server.ts reads it). */
export interface SetupFacts {
  details: ClubDetails;
  /** People in Manage Team with the Player role. */
  players: number;
  fixtures: number;
  /** Whether the club has saved its own privacy policy and its own terms (rules §2). */
  privacySaved: boolean;
  termsSaved: boolean;
}

type SetupItemKey =
  | "name-and-crest"
  | "colours"
  | "contact"
  | "public-address"
  | "players"
  | "fixture"
  | "legal";

/** The admin screen an item leads to (its permission decides who sees the link, rules §6). */
type SetupScreen = "club" | "team" | "fixtures" | "pages";

export interface SetupItem {
  key: SetupItemKey;
  label: string;
  /** What to do, in one line. */
  hint: string;
  screen: SetupScreen;
  href: string;
  done: boolean;
}

/** A site address that is the starting one or only works on the machine itself. */
function isPlaceholderAddress(url: string): boolean {
  try {
    const { hostname } = new URL(url);
    return (
      url === defaultClubDetails().url ||
      hostname === "localhost" ||
      hostname === "127.0.0.1" ||
      hostname === "[::1]" ||
      hostname.endsWith(".example")
    );
  } catch {
    return true;
  }
}

/**
 * decisions 35: the checklist's items in order, each ticked from the data:
 * - name and crest: a name other than a new club's starting one, and a crest uploaded;
 * - colours: a colour pair other than the starting one (a club that keeps those dismisses);
 * - contact details: the club's e-mail and some of its address;
 * - the site's public address: not the starting one, not this machine, not an .example name;
 * - first players: one person with the Player role; first fixture: one fixture;
 * - legal pages reviewed: the club saved its own privacy policy and terms.
 */
export function setupChecklist(facts: SetupFacts): SetupItem[] {
  const { details } = facts;
  const start = defaultClubDetails();
  return [
    {
      key: "name-and-crest",
      label: "Name and crest",
      hint: "Enter the club's name and upload its crest.",
      screen: "club",
      href: "/admin/club#club-details-heading",
      done: details.name !== start.name && Boolean(details.crest),
    },
    {
      key: "colours",
      label: "Colours",
      hint: "Choose the club's primary and accent colours.",
      screen: "club",
      href: "/admin/club#club-details-heading",
      done:
        details.colours.primary !== start.colours.primary ||
        details.colours.accent !== start.colours.accent,
    },
    {
      key: "contact",
      label: "Contact details",
      hint: "Enter the club's e-mail and address.",
      screen: "club",
      href: "/admin/club#club-details-heading",
      done: details.email !== "" && hasAddress(details.address),
    },
    {
      key: "public-address",
      label: "The site's public address",
      hint: "Enter the address people reach the site at, e.g. https://club.example.org.",
      screen: "club",
      href: "/admin/club#club-details-heading",
      done: !isPlaceholderAddress(details.url),
    },
    {
      key: "players",
      label: "First players",
      hint: "Add the squad in Manage Team.",
      screen: "team",
      href: "/admin/team",
      done: facts.players > 0,
    },
    {
      key: "fixture",
      label: "First fixture",
      hint: "Add the next match in Fixtures.",
      screen: "fixtures",
      href: "/admin/fixtures",
      done: facts.fixtures > 0,
    },
    {
      key: "legal",
      label: "Legal pages reviewed",
      hint: "Adapt the privacy policy and terms templates to the club, then save each.",
      screen: "pages",
      href: "/admin/pages",
      done: facts.privacySaved && facts.termsSaved,
    },
  ];
}

/** decisions 35: the checklist shows until every item is done or the club dismisses it. */
export function showSetupChecklist(items: readonly SetupItem[], dismissed: boolean): boolean {
  return !dismissed && items.some((item) => !item.done);
}

/**
 * decisions 35: the legal texts' reminder outlives the checklist: it shows on the dashboard
 * until the club has saved both, even once the checklist is dismissed.
 */
export function showLegalReminder(items: readonly SetupItem[]): boolean {
  return items.some((item) => item.key === "legal" && !item.done);
}
