import { type LegalFacts, privacyPolicyTemplate, termsTemplate } from "./legal-defaults.ts";
import type { PageTextKey } from "./rules.ts";

// The texts loaded into an empty database (decisions 15): from app/config/club.ts and the
// bundled legal texts as a template (decisions 35: a new club's texts say they are still to be
// written; the demo club's own are in scripts/demo-club.ts).

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
        "This welcome is still to be written: say in a few sentences who the club is, where it plays and how to join in. Edit it in the admin under Pages (Home: Welcome).",
      ]);
    // ADR 031: the Come and try page's texts, in plain words for someone new to the sport.
    case "try-what":
      return paragraphs([
        "Powerchair football is football for people who use a powered wheelchair. Two teams of four play on an indoor basketball court with a large ball, which players dribble, pass and shoot with a guard fitted to the front of their chair.",
        "It is fast, tactical and a proper team sport, played in leagues and cups from club level to the World Cup.",
      ]);
    case "try-who":
      return paragraphs([
        "Anyone who uses a powered wheelchair, or who could drive one, from about five years old: boys and girls, men and women, beginners and experienced players together.",
        "You do not need to have played any sport before. Our coaches adapt every session to each player.",
      ]);
    case "try-bring":
      return paragraphs([
        "Comfortable clothes, a drink, and your own powerchair if you have one. If you use a chair at home that is not a sports chair, that is fine for a first go.",
        "Bring a carer or family member if you need one: there is space for them courtside.",
      ]);
    case "privacy":
      return privacyPolicyTemplate(club);
    case "terms":
      return termsTemplate(club);
  }
}
