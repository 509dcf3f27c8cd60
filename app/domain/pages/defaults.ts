import { type LegalFacts, privacyPolicyDefault, termsDefault } from "./legal-defaults.ts";
import type { PageTextKey } from "./rules.ts";

// The texts loaded into an empty database (decisions 15): from app/config/club.ts and the
// bundled legal texts.

const e = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const paragraphs = (texts: readonly string[]) => texts.map((text) => `<p>${e(text)}</p>`).join("");

type Facts = LegalFacts & {
  about: { mission: readonly string[]; whoWeAre: readonly string[] };
};

export function pageTextDefault(key: PageTextKey, club: Facts): string {
  switch (key) {
    case "about-mission":
      return paragraphs(club.about.mission);
    case "about-who":
      return paragraphs(club.about.whoWeAre);
    case "home-welcome":
      return paragraphs([
        `We are ${club.address.locality}'s powerchair football club: a squad of players who compete in the national league and cups, and a community of families, volunteers and supporters behind them. Powerchair football is fast, tactical and open to anyone who uses a powered wheelchair.`,
        "Come and cheer us on at our next home game, or join a training night and try it for yourself.",
      ]);
    case "privacy":
      return privacyPolicyDefault(club);
    case "terms":
      return termsDefault(club);
  }
}
