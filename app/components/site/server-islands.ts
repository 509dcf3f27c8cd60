import { type ComponentType, createContext, useContext } from "react";
import type { LiveBannersProps } from "./live/live-banner.tsx";
import type { MatchCentreTabContentProps } from "./match-centre/match-centre-content.tsx";

// ADR 008: components a page renders on the server but loads in the browser only after its
// scripts have started (a chunk of their own, outside the page's first load). The server's
// entry (entry.server.tsx) imports them and hands them over here, so the page renders them
// at once; the browser build has no static import of them, and the page loads them with
// `lazy()` inside a <Suspense> boundary: React keeps the server's HTML of that boundary as it
// is and hydrates it when the chunk arrives (the cookie banner). The match centre's tab content
// never comes to the browser as code: the page keeps its server HTML (match-centre-page.tsx).
export interface ServerIslands {
  MatchCentreTabContent?: ComponentType<MatchCentreTabContentProps>;
  CookieBanner?: ComponentType;
  SubscribeFormSection?: ComponentType;
  ShortSubscribeForm?: ComponentType;
  /** ADR 036: a live match's banner, code loaded only while a match is under way. */
  LiveBanners?: ComponentType<LiveBannersProps>;
}

export const ServerIslandsContext = createContext<ServerIslands>({});

/** The server's copy of an island component; undefined in the browser. */
export function useServerIsland<K extends keyof ServerIslands>(name: K): ServerIslands[K] {
  return useContext(ServerIslandsContext)[name];
}
