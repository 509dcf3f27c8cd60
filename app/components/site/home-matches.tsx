import { Link } from "react-router";
import type { HomeMatchCard } from "../../domain/site/home-matches.ts";

// rules §2 Home: the next match (how long until kick-off, its venue linked to the venue's
// page) and the last result. Text the server worked out (domain/site/home-matches.ts), laid
// out by classes of app.css: no countdown code, no score rules and as little markup code as
// can be in the browser (ADR 008: the home page is at its budget), and every control a plain
// link that works before the page's scripts run (ADR 019).

export function HomeMatches({
  cards,
  empty,
}: {
  cards: HomeMatchCard[];
  empty: { kicker: string; text: string } | null;
}) {
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby="home-matches-title" className="home-matches">
      <h2 id="home-matches-title" className="sr-only">
        Matches
      </h2>
      {cards.map((card) => (
        <article key={card.kicker} className={`home-match home-match-${card.tone}`}>
          <h3 className="kicker text-club">{card.kicker}</h3>
          {card.badge ? <p className="home-match-badge">{card.badge}</p> : null}
          <p className="home-match-title">{card.title}</p>
          {card.notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
          <p className="home-match-when">
            <time dateTime={card.dateIso}>{card.dateText}</time>
          </p>
          {card.countdown ? <p className="font-semibold">{card.countdown}</p> : null}
          <p className="home-match-venue">
            {card.venueHref ? (
              <Link to={card.venueHref}>
                {card.venue}
                <span className="sr-only">: venue and access guide</span>
              </Link>
            ) : (
              card.venue
            )}
          </p>
          <p className="home-match-links">
            {card.links.map((link) =>
              link.download ? (
                <a key={link.href} href={link.href}>
                  {link.text}
                  <span className="sr-only">: {card.title}</span>
                </a>
              ) : (
                <Link key={link.href} to={link.href}>
                  {link.text}
                </Link>
              ),
            )}
          </p>
        </article>
      ))}
      {empty ? (
        <article className="home-match">
          <h3 className="kicker text-club">{empty.kicker}</h3>
          <p>{empty.text}</p>
        </article>
      ) : null}
    </section>
  );
}
