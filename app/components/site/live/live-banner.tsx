import { Link } from "react-router";
import type { FollowedState } from "../../../browser/live-follow.ts";
import { matchPath } from "../../../domain/fixtures/paths.ts";
import { bannerText } from "../../../domain/live/rules.ts";
import { useLiveMatch } from "./use-live-match.ts";

// rules §2 Following live: "LIVE · Storm 2–1 Belfast · 31'" on the home page and the match
// centre while a match is under way, a link to its page. It updates without a reload; it
// announces nothing (the match page's one live region does).

interface LiveBannerMatch {
  fixtureId: string;
  state: FollowedState;
}

export interface LiveBannersProps {
  matches: LiveBannerMatch[];
  serverNow: number;
}

export function LiveBanners({ matches, serverNow }: LiveBannersProps) {
  if (matches.length === 0) return null;
  return (
    <div className="bg-red-700 text-white">
      <ul className="mx-auto max-w-6xl px-5 py-2 sm:px-8">
        {matches.map((match) => (
          <LiveBanner key={match.fixtureId} match={match} serverNow={serverNow} />
        ))}
      </ul>
    </div>
  );
}

function LiveBanner({ match, serverNow }: { match: LiveBannerMatch; serverNow: number }) {
  const { state, now } = useLiveMatch({
    fixtureId: match.fixtureId,
    initial: match.state,
    serverNow,
  });
  return (
    <li>
      <Link
        to={matchPath(match.fixtureId)}
        className="inline-flex min-h-12 items-center gap-2 font-display text-lg font-bold uppercase tracking-wide underline-offset-4 hover:underline"
      >
        <span
          aria-hidden="true"
          className="size-2.5 rounded-full bg-white motion-safe:animate-pulse"
        />
        <span data-live-banner="">{bannerText(state, state.names, now)}</span>
      </Link>
    </li>
  );
}
