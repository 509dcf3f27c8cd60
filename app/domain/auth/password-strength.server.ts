import { Worker } from "node:worker_threads";

// rules §12: a password must also be hard to guess, as a password cracker would guess it
// (zxcvbn-ts: dictionaries, keyboard patterns, repeats like "abababababab", dates, l33t).
// Score 3 means about 10^8 guesses or more; with the sign-in limits of ADR 012 that is years
// of online guessing. Server only: the dictionaries are large and never reach a page.
//
// ADR 043: each check runs in a worker thread of its own that ends with the check. The
// dictionaries are the packages' module-level arrays: once imported into the server's own
// heap they stay for the process's life (a module is never unloaded), about 40 MB of V8 heap
// after the start created its first administrator. A worker's heap is returned when it ends.

const MIN_PASSWORD_SCORE = 3;

/** The worker's heap (MB): the dictionaries take about 60 MB while they are ranked. */
const STRENGTH_WORKER_HEAP_MB = 128;

interface StrengthAnswer {
  score: number;
  warning: string | null;
}

// Runs in the worker, as the text of this function: it may use nothing from outside it.
function checkInWorker() {
  // Not `require` nor `import`: a bundler may rewrite those, not this.
  const { parentPort, workerData } = process.getBuiltinModule("node:worker_threads");
  const { createRequire } = process.getBuiltinModule("node:module");
  const { from, password, userInputs } = workerData as {
    from: string;
    password: string;
    userInputs: string[];
  };
  const load = createRequire(from);
  const { ZxcvbnFactory } = load("@zxcvbn-ts/core");
  const common = load("@zxcvbn-ts/language-common");
  const english = load("@zxcvbn-ts/language-en");
  const result = new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  }).check(password, userInputs);
  parentPort?.postMessage({ score: result.score, warning: result.feedback.warning ?? null });
}

function strengthInWorker(password: string, userInputs: string[]): Promise<StrengthAnswer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(`(${checkInWorker.toString()})()`, {
      eval: true,
      // The packages are found from this module's place (app/…, or build/… once built).
      workerData: { from: import.meta.url, password, userInputs },
      resourceLimits: { maxOldGenerationSizeMb: STRENGTH_WORKER_HEAP_MB },
    });
    let answered = false;
    worker.once("message", (answer: StrengthAnswer) => {
      answered = true;
      resolve(answer);
      void worker.terminate();
    });
    worker.once("error", (error) => {
      answered = true;
      reject(error);
    });
    worker.once("exit", (code) => {
      if (!answered) reject(new Error(`The password check stopped (exit code ${code}).`));
    });
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
  const result = await strengthInWorker(password, email ? [email, ...email.split(/[@.]/)] : []);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const hint = result.warning ? ` (${result.warning.replace(/\.$/, "")})` : "";
  return `This password is too easy to guess${hint}. Choose a longer one, such as a few unrelated words.`;
}
