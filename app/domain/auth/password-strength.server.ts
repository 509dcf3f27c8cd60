import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

// rules §12: a password must also be hard to guess, as a password cracker would guess it
// (zxcvbn-ts: dictionaries, keyboard patterns, repeats like "abababababab", dates, l33t).
// Score 3 means about 10^8 guesses or more; with the sign-in limits of ADR 012 that is years
// of online guessing. Server only: the dictionaries are large and never reach a page.
//
// ADR 029: the dictionaries (about 15 MB of the heap once loaded) live in a worker thread,
// which ends IDLE_MS after the last check: a password set at start (ADMIN_EMAIL) or now and
// then costs the server nothing afterwards.

const MIN_PASSWORD_SCORE = 3;

interface Estimate {
  score: number;
  warning: string;
}

const require = createRequire(import.meta.url);

// Runs in the worker, as the text of this function: it may use nothing from outside it (and
// loads the packages with require: a test runner rewrites import() in the text).
function estimateInWorker() {
  const { parentPort, workerData } = process.getBuiltinModule("node:worker_threads");
  const { createRequire } = process.getBuiltinModule("node:module");
  const { modules } = workerData as { modules: [string, string, string] };
  const load = createRequire(modules[0]);
  const [core, common, english] = modules.map((file) => load(file));
  const estimator = new core.ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  parentPort?.on("message", ({ id, password, userInputs }) => {
    const result = estimator.check(password, userInputs);
    parentPort.postMessage({ id, score: result.score, warning: result.feedback.warning ?? "" });
  });
}

/** How long the worker and its dictionaries stay after the last check. */
const IDLE_MS = 30_000;

interface Checker {
  worker: Worker;
  waiting: Map<number, { resolve: (answer: Estimate) => void; reject: (error: Error) => void }>;
  idle?: NodeJS.Timeout;
}

let checker: Checker | undefined;
let nextId = 0;

function startChecker(): Checker {
  const modules = ["@zxcvbn-ts/core", "@zxcvbn-ts/language-common", "@zxcvbn-ts/language-en"].map(
    (name) => require.resolve(name),
  );
  const worker = new Worker(`(${estimateInWorker.toString()})()`, {
    eval: true,
    workerData: { modules },
  });
  const started: Checker = { worker, waiting: new Map() };
  worker.on("message", ({ id, ...answer }: Estimate & { id: number }) => {
    started.waiting.get(id)?.resolve(answer);
    started.waiting.delete(id);
  });
  const fail = (error: Error) => {
    if (checker === started) checker = undefined;
    for (const { reject } of started.waiting.values()) reject(error);
    started.waiting.clear();
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`The password check stopped (exit ${code}).`)));
  return started;
}

function estimate(password: string, userInputs: string[]): Promise<Estimate> {
  checker ??= startChecker();
  const current = checker;
  clearTimeout(current.idle);
  // A check keeps the process alive until it answers; an idle worker does not (a script ends).
  current.worker.ref();
  const id = nextId++;
  return new Promise<Estimate>((resolve, reject) => {
    current.waiting.set(id, { resolve, reject });
    current.worker.postMessage({ id, password, userInputs });
  }).finally(() => {
    if (current.waiting.size > 0) return;
    current.worker.unref();
    current.idle = setTimeout(() => {
      if (checker === current) checker = undefined;
      void current.worker.terminate();
    }, IDLE_MS);
    current.idle.unref();
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
  const result = await estimate(password, email ? [email, ...email.split(/[@.]/)] : []);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const hint = result.warning ? ` (${result.warning.replace(/\.$/, "")})` : "";
  return `This password is too easy to guess${hint}. Choose a longer one, such as a few unrelated words.`;
}
