import { spawn } from "node:child_process";
import { createRequire } from "node:module";

// rules §12: a password must also be hard to guess, as a password cracker would guess it
// (zxcvbn-ts: dictionaries, keyboard patterns, repeats like "abababababab", dates, l33t).
// Score 3 means about 10^8 guesses or more; with the sign-in limits of ADR 012 that is years
// of online guessing. Server only: the dictionaries are large and never reach a page.
//
// ADR 043: each check runs in a short-lived Node process of its own. The dictionaries are the
// packages' module-level arrays: imported into the server, they stayed in its heap for its
// whole life (a module is never unloaded), 30-40 MB after the start had checked
// ADMIN_PASSWORD. A worker thread gave the heap back but left the server about 20 MB bigger
// (the code and allocator arenas its start touched); a process gives everything back.

const MIN_PASSWORD_SCORE = 3;

/** The checking process's heap (MB): the dictionaries take about 60 MB while they are ranked. */
const STRENGTH_PROCESS_HEAP_MB = 128;

/** A check takes about half a second; one that takes this long (ms) is stopped. */
const STRENGTH_TIMEOUT_MS = 60_000;

// The packages' files, found from this module's place (app/…, or build/… once built) and
// read in the child by path. require.resolve also tells knip (ADR 018) they are used.
const require = createRequire(import.meta.url);
const ZXCVBN_FILES = {
  core: require.resolve("@zxcvbn-ts/core"),
  common: require.resolve("@zxcvbn-ts/language-common"),
  english: require.resolve("@zxcvbn-ts/language-en"),
};

interface StrengthAnswer {
  score: number;
  warning: string | null;
}

// Runs in the child, as the text of this function: it may use nothing from outside it. The
// password comes on standard input (never the command line, which `ps` shows), the answer
// goes to standard output.
function checkInChild() {
  // Not `require` nor `import`: a bundler may rewrite those, not this.
  const { createRequire } = process.getBuiltinModule("node:module");
  const chunks: Buffer[] = [];
  process.stdin.on("data", (chunk: Buffer) => chunks.push(chunk));
  process.stdin.on("end", () => {
    const { files, password, userInputs } = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const load = createRequire(files.core);
    const { ZxcvbnFactory } = load(files.core);
    const common = load(files.common);
    const english = load(files.english);
    const result = new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
    }).check(password, userInputs);
    process.stdout.write(
      JSON.stringify({ score: result.score, warning: result.feedback.warning ?? null }),
    );
  });
}

function strengthInChild(password: string, userInputs: string[]): Promise<StrengthAnswer> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [`--max-old-space-size=${STRENGTH_PROCESS_HEAP_MB}`, "-e", `(${checkInChild.toString()})()`],
      // Nothing of the server's environment (its secrets) is needed there.
      { env: {}, stdio: ["pipe", "pipe", "pipe"], timeout: STRENGTH_TIMEOUT_MS },
    );
    let output = "";
    let errors = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => {
      output += text;
    });
    child.stderr.setEncoding("utf8").on("data", (text: string) => {
      errors += text;
    });
    child.once("error", reject);
    child.once("close", (code, signal) => {
      if (code === 0) {
        try {
          resolve(JSON.parse(output) as StrengthAnswer);
          return;
        } catch {
          // Reported below.
        }
      }
      reject(
        new Error(
          `The password check stopped (${signal ?? `exit code ${code}`}): ${errors.trim().slice(0, 500)}`,
        ),
      );
    });
    child.stdin.end(JSON.stringify({ files: ZXCVBN_FILES, password, userInputs }));
  });
}

/** Why a password is too easy to guess, or null (the e-mail counts as known to an attacker). */
export async function passwordStrengthProblem({
  password,
  email,
}: {
  password: string;
  email?: string;
}): Promise<string | null> {
  const result = await strengthInChild(password, email ? [email, ...email.split(/[@.]/)] : []);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const hint = result.warning ? ` (${result.warning.replace(/\.$/, "")})` : "";
  return `This password is too easy to guess${hint}. Choose a longer one, such as a few unrelated words.`;
}
