import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createRequire } from "node:module";

// rules §12: a password must also be hard to guess, as a password cracker would guess it
// (zxcvbn-ts: dictionaries, keyboard patterns, repeats like "abababababab", dates, l33t).
// Score 3 means about 10^8 guesses or more; with the sign-in limits of ADR 012 that is years
// of online guessing. Server only: the dictionaries are large and never reach a page.
//
// ADR 043: the checks run in a Node process of their own, which ends a few seconds after the
// last one. The dictionaries are the packages' module-level arrays: imported into the server,
// they stayed in its heap for its whole life (a module is never unloaded), 30-40 MB after the
// start had checked ADMIN_PASSWORD. A worker thread gave its heap back but left the server
// about 20 MB bigger (the code and allocator arenas its start touched); a process gives
// everything back when it ends.

const MIN_PASSWORD_SCORE = 3;

/**
 * The checking process's Node flags: a heap bound well above the 60 MB the dictionaries take
 * while they are ranked, and small semi-spaces (its peak: about 100 MB instead of 115).
 */
const CHECKER_FLAGS = ["--max-old-space-size=128", "--max-semi-space-size=1"];

/** The process ends this long (ms) after its last check; one started for the next reuses it. */
const CHECKER_IDLE_MS = 5_000;

/** A check takes about half a second (the first, which ranks the dictionaries); after this (ms) it fails. */
const CHECK_TIMEOUT_MS = 60_000;

// The packages' files, found from this module's place (app/…, or build/… once built) and
// loaded in the child by path. require.resolve also tells knip (ADR 018) they are used.
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

// Runs in the child, as the text of this function: it may use nothing from outside it. One
// check a line of standard input (JSON: never the command line, which `ps` shows), one answer
// a line of standard output, in order; it ends when its standard input does.
function checkerMain() {
  // Not `require` nor `import`: a bundler may rewrite those, not this.
  const { createRequire } = process.getBuiltinModule("node:module");
  const { createInterface } = process.getBuiltinModule("node:readline");
  type Files = { core: string; common: string; english: string };
  type Result = { score: number; feedback: { warning?: string | null } };
  type Estimator = { check: (password: string, userInputs: string[]) => Result };
  let estimator: Estimator | undefined;
  const estimatorFrom = (files: Files): Estimator => {
    const load = createRequire(files.core);
    const common = load(files.common);
    const english = load(files.english);
    return new (load(files.core).ZxcvbnFactory)({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
    });
  };
  createInterface({ input: process.stdin }).on("line", (line: string) => {
    const { files, password, userInputs } = JSON.parse(line);
    estimator ??= estimatorFrom(files);
    const result = estimator.check(password, userInputs);
    process.stdout.write(
      `${JSON.stringify({ score: result.score, warning: result.feedback.warning ?? null })}\n`,
    );
  });
}

interface Checker {
  child: ChildProcessWithoutNullStreams;
  waiting: { resolve: (answer: StrengthAnswer) => void; reject: (error: Error) => void }[];
  idle?: NodeJS.Timeout;
  timeout?: NodeJS.Timeout;
}

let checker: Checker | undefined;

/** The running checker, or a new one. */
function runningChecker(): Checker {
  if (checker) return checker;
  const child = spawn(
    process.execPath,
    [...CHECKER_FLAGS, "-e", `(${checkerMain.toString()})()`],
    // Nothing of the server's environment (its secrets) is needed there.
    { env: {}, stdio: ["pipe", "pipe", "pipe"] },
  );
  const running: Checker = { child, waiting: [] };
  checker = running;
  let output = "";
  let errors = "";
  const fail = (error: Error) => {
    if (checker === running) checker = undefined;
    clearTimeout(running.idle);
    clearTimeout(running.timeout);
    for (const waiting of running.waiting.splice(0)) waiting.reject(error);
  };
  child.stdout.setEncoding("utf8").on("data", (text: string) => {
    output += text;
    for (let end = output.indexOf("\n"); end >= 0; end = output.indexOf("\n")) {
      const line = output.slice(0, end);
      output = output.slice(end + 1);
      let answer: StrengthAnswer;
      try {
        answer = JSON.parse(line) as StrengthAnswer;
      } catch {
        // Not an answer: the checks waiting fail when it has stopped.
        child.kill();
        return;
      }
      running.waiting.shift()?.resolve(answer);
    }
    if (running.waiting.length === 0) rest(running);
  });
  child.stderr.setEncoding("utf8").on("data", (text: string) => {
    errors = `${errors}${text}`.slice(-2_000);
  });
  child.once("error", fail);
  // Writing to a process that has just ended: "close" below says so to the checks waiting.
  child.stdin.on("error", () => {});
  child.once("close", (code, signal) =>
    fail(
      new Error(
        `The password check stopped (${signal ?? `exit code ${code}`}): ${errors.trim().slice(0, 500)}`,
      ),
    ),
  );
  return running;
}

/** No check waiting: the process may end, and holds neither the event loop nor the server's memory for long. */
function rest(running: Checker) {
  clearTimeout(running.timeout);
  holdEventLoop(running, false);
  running.idle = setTimeout(() => endChecker(running), CHECKER_IDLE_MS).unref();
}

/**
 * While a check waits, the process and its pipes keep this one running (a script such as
 * `npm run admin` ends when its work does); idle, they do not.
 */
function holdEventLoop(running: Checker, hold: boolean) {
  const { child } = running;
  for (const handle of [child, child.stdin, child.stdout, child.stderr] as unknown as {
    ref(): void;
    unref(): void;
  }[])
    hold ? handle.ref() : handle.unref();
}

function endChecker(running: Checker) {
  if (checker === running) checker = undefined;
  clearTimeout(running.idle);
  // Its standard input ends: it answers what it was sent, then exits.
  running.child.stdin.end();
}

/**
 * Ends the checking process now rather than after its idle time (ADR 043), when no check
 * waits: the start does once it has checked ADMIN_PASSWORD, so the server is ready without it.
 */
export function endPasswordChecks(): void {
  if (checker && checker.waiting.length === 0) endChecker(checker);
}

function strengthInChecker(password: string, userInputs: string[]): Promise<StrengthAnswer> {
  const running = runningChecker();
  clearTimeout(running.idle);
  holdEventLoop(running, true);
  clearTimeout(running.timeout);
  running.timeout = setTimeout(() => running.child.kill(), CHECK_TIMEOUT_MS);
  return new Promise((resolve, reject) => {
    running.waiting.push({ resolve, reject });
    running.child.stdin.write(`${JSON.stringify({ files: ZXCVBN_FILES, password, userInputs })}\n`);
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
  const result = await strengthInChecker(password, email ? [email, ...email.split(/[@.]/)] : []);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const hint = result.warning ? ` (${result.warning.replace(/\.$/, "")})` : "";
  return `This password is too easy to guess${hint}. Choose a longer one, such as a few unrelated words.`;
}
