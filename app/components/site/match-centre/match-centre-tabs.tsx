import { type KeyboardEvent, type MouseEvent, type ReactNode, useRef } from "react";
import {
  MATCH_CENTRE_TABS,
  type MatchCentreTab,
} from "../../../domain/fixtures/match-centre-tabs.ts";
import { useHydrated } from "../use-hydrated.ts";

// The match centre's three tabs (rules §2), each at its own address (?tab=…). Without
// JavaScript they are plain links to those addresses. Once scripts run they follow the ARIA
// tabs pattern: one tab stop, arrow keys (and Home/End) move between tabs and show them,
// Enter and Space select the focused tab, and the panels are labelled by their tabs.

const tabId = (tab: MatchCentreTab) => `match-centre-tab-${tab}`;
const panelId = (tab: MatchCentreTab) => `match-centre-panel-${tab}`;

const tabClass = (selected: boolean) =>
  `inline-flex min-h-12 flex-auto items-center justify-center rounded-md px-3 font-display text-lg font-bold uppercase tracking-wide transition-colors sm:flex-none sm:px-6 ${
    selected
      ? "bg-club text-club-contrast shadow"
      : "text-slate-700 hover:bg-white hover:text-slate-900"
  }`;

/** The tab list; `onSelect` shows a tab and moves the address to it. */
export function MatchCentreTabList({
  selected,
  onSelect,
}: {
  selected: MatchCentreTab;
  onSelect: (tab: MatchCentreTab) => void;
}) {
  const hydrated = useHydrated();
  const refs = useRef<Partial<Record<MatchCentreTab, HTMLAnchorElement | null>>>({});

  if (!hydrated) {
    return (
      <nav aria-label="Match centre">
        <ul className="flex flex-wrap gap-1 rounded-lg bg-slate-200 p-1">
          {MATCH_CENTRE_TABS.map((tab) => (
            <li key={tab.id} className="flex flex-auto sm:flex-none">
              <a
                href={tab.href}
                aria-current={tab.id === selected ? "page" : undefined}
                className={tabClass(tab.id === selected)}
              >
                {tab.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    );
  }

  const move = (event: KeyboardEvent, index: number) => {
    // Space selects the focused tab, as Enter does (a link would scroll the page instead).
    if (event.key === " ") {
      event.preventDefault();
      const tab = MATCH_CENTRE_TABS[index];
      if (tab) onSelect(tab.id);
      return;
    }
    const last = MATCH_CENTRE_TABS.length - 1;
    const target =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    const tab = MATCH_CENTRE_TABS[target];
    if (!tab) return;
    onSelect(tab.id);
    refs.current[tab.id]?.focus();
  };

  // A plain click shows the tab in place; a click that asks for a new window stays a link.
  const click = (event: MouseEvent, tab: MatchCentreTab) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    onSelect(tab);
  };

  return (
    <div
      role="tablist"
      aria-label="Match centre"
      className="flex flex-wrap gap-1 rounded-lg bg-slate-200 p-1"
    >
      {MATCH_CENTRE_TABS.map((tab, index) => {
        const isSelected = tab.id === selected;
        return (
          <a
            key={tab.id}
            ref={(element) => {
              refs.current[tab.id] = element;
            }}
            href={tab.href}
            role="tab"
            id={tabId(tab.id)}
            aria-selected={isSelected}
            aria-controls={panelId(tab.id)}
            tabIndex={isSelected ? 0 : -1}
            onClick={(event) => click(event, tab.id)}
            onKeyDown={(event) => move(event, index)}
            className={tabClass(isSelected)}
          >
            {tab.label}
          </a>
        );
      })}
    </div>
  );
}

/** A tab's panel: always in the HTML (search engines, no-JS), hidden unless selected. */
export function MatchCentrePanel({
  tab,
  selected,
  title,
  children,
}: {
  tab: MatchCentreTab;
  selected: MatchCentreTab;
  title: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const headingId = `${panelId(tab)}-title`;
  return (
    <section
      id={panelId(tab)}
      hidden={tab !== selected}
      {...(hydrated
        ? { role: "tabpanel", "aria-labelledby": tabId(tab), tabIndex: 0 }
        : { "aria-labelledby": headingId })}
      className="mt-8 rounded-lg outline-offset-8"
    >
      <h2 id={headingId} className="section-title text-slate-900">
        {title}
      </h2>
      <div className="mt-6">{children}</div>
    </section>
  );
}
