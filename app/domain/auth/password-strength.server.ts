import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";

// rules §12: a password must also be hard to guess, as a password cracker would guess it
// (zxcvbn-ts: dictionaries, keyboard patterns, repeats like "abababababab", dates, l33t).
// Score 3 means about 10^8 guesses or more; with the sign-in limits of ADR 012 that is years
// of online guessing. Server only: the dictionaries are large and never reach a page.

const MIN_PASSWORD_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  return estimator;
}

/** Why a password is too easy to guess, or null (the e-mail counts as known to an attacker). */
export function passwordStrengthProblem({
  password,
  email,
}: {
  password: string;
  email?: string;
}): string | null {
  const result = zxcvbn().check(password, email ? [email, ...email.split(/[@.]/)] : []);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const hint = result.feedback.warning ? ` (${result.feedback.warning.replace(/\.$/, "")})` : "";
  return `This password is too easy to guess${hint}. Choose a longer one, such as a few unrelated words.`;
}
