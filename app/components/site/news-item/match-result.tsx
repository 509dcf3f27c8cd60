import { type HomeAway, teamsInOrder } from "../../../domain/fixtures/sides.ts";

// rules §2 News detail: a match report shows its match's score and scorers, the teams in
// their order (decisions 36).

/** The result box of a match report: score and scorers, in words. */
export function MatchResult({
  match,
  teamName,
  hasImage,
}: {
  match: {
    opponent: string;
    homeAway: HomeAway;
    date: Date | null;
    dateText: string | null;
    score: string | null;
    penalties: string | null;
    scorers: readonly { name: string; minute: number }[];
  };
  teamName: string;
  hasImage: boolean;
}) {
  const { first, second } = teamsInOrder({ teamName, fixture: match });
  return (
    <section
      aria-labelledby="match-result-title"
      className={`rounded-xl bg-slate-100 p-5 ring-1 ring-slate-200 ${hasImage ? "mt-10" : "mt-10 sm:mt-14"}`}
    >
      <h2
        id="match-result-title"
        className="font-display text-lg font-bold uppercase text-slate-700"
      >
        Result
      </h2>
      <p className="mt-1 font-display text-2xl font-extrabold uppercase text-slate-900">
        {first} {match.score ?? "v"} {second}
      </p>
      {match.penalties ? (
        <p className="font-semibold text-slate-800">Penalties: {match.penalties}</p>
      ) : null}
      {match.date ? (
        <p className="mt-1 text-sm text-slate-700">
          <time dateTime={match.date.toISOString()}>{match.dateText}</time>
        </p>
      ) : null}
      {match.scorers.length > 0 ? (
        <>
          <h3 className="mt-3 text-sm font-semibold text-slate-900">Scorers</h3>
          <ul aria-label="Scorers" className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-slate-800">
            {match.scorers.map((scorer, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a player can score twice in one minute
              <li key={`${scorer.name}-${scorer.minute}-${index}`}>
                {scorer.name} {scorer.minute}′
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
