import { logger } from "../../logger.server.ts";
import { getClub } from "../club/club.server.ts";
import { clubDates } from "../dates/format.ts";
import { nextAndLastMatch } from "../fixtures/fixtures.server.ts";
import { listLatestNews, type NewsItem } from "../news/news.server.ts";
import { newsCardText } from "../news/rules.ts";
import { defaultPageHtml, readPageTexts } from "../pages/pages.server.ts";
import { venueLinks } from "../venues/venue-page.server.ts";
import { HOME_NEWS_COUNT } from "./content.ts";
import { homeMatches } from "./home-matches.ts";

// The home page's model (ADR 022): what / shows besides the club's details.

/**
 * rules §2 Home, §8 News fetch failure, decisions 15: the next match and the last result, the
 * welcome text and the latest news as cards, their dates as text (ADR 008: no time-zone data
 * in the browser while it hydrates). Each falls back (no match, the default text, no news)
 * when the database cannot answer.
 */
export async function homePage({ now = new Date() }: { now?: Date } = {}) {
  const [news, welcome, { details: club }, matches] = await Promise.all([
    homeNews(),
    homeWelcome(),
    getClub(),
    homeFixtures(now),
  ]);
  const { timeZone, teamName } = club;
  const { newsCardDate } = clubDates({ timeZone });
  return {
    matches: homeMatches({ ...matches, teamName, timeZone, now }),
    news: news.map((item) => ({
      ...item,
      content: newsCardText(item.content),
      dateText: newsCardDate(item.date),
    })),
    welcome,
  };
}

// The welcome text is edited in the admin (Pages; decisions 15), sanitised HTML.
async function homeWelcome(): Promise<string> {
  try {
    return (await readPageTexts(["home-welcome"]))["home-welcome"].html;
  } catch (error) {
    logger().error({ err: error }, "home: the welcome text could not be read");
    return defaultPageHtml("home-welcome");
  }
}

async function homeFixtures(now: Date) {
  try {
    const [{ next, last }, links] = await Promise.all([nextAndLastMatch({ now }), venueLinks()]);
    return { next, last, venueLinks: links };
  } catch (error) {
    logger().error({ err: error }, "home: the next match and last result could not be read");
    return { next: null, last: null, venueLinks: {} };
  }
}

async function homeNews(): Promise<NewsItem[]> {
  try {
    return await listLatestNews({ limit: HOME_NEWS_COUNT });
  } catch (error) {
    logger().error({ err: error }, "home: the latest news could not be read");
    return [];
  }
}
