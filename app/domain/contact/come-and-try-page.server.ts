import { getClub } from "../club/club.server.ts";
import { nextTasterSessions } from "../events/events-page.server.ts";
import { readPageTexts } from "../pages/pages.server.ts";
import { CHAIR_LOAN_TEXTS } from "./come-and-try.ts";

// The "Come and try" page's model (ADR 022, ADR 031): its texts (Pages), whether the club
// lends a chair (Club details), the next taster sessions (Club events). What it accepts is
// submitComeAndTry.

/** rules §2 Come and try: everything the page shows. */
export async function comeAndTryPage({ now = new Date() }: { now?: Date } = {}) {
  const [texts, { details: club }, tasters] = await Promise.all([
    readPageTexts(["try-what", "try-who", "try-bring"]),
    getClub(),
    nextTasterSessions({ now }),
  ]);
  return {
    what: texts["try-what"].html,
    who: texts["try-who"].html,
    bring: texts["try-bring"].html,
    chairLoan: { value: club.chairLoan, ...CHAIR_LOAN_TEXTS[club.chairLoan] },
    tasters,
  };
}
