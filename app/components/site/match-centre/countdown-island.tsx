import { countdown, countdownSummary } from "../../../domain/fixtures/countdown.ts";

// The countdown of the match centre's next match (rules §4 Countdown, decisions 21), the one
// part of the tabs' server HTML that runs code (ADR 008: the rest is HTML the browser keeps as
// it is). The server renders its markup (countdown.tsx) and marks its place with the kick-off
// (next-match.tsx); once that HTML is on the page, this makes it tick, shows its pause button
// and makes the button work. Plain DOM code on the server's own elements: no component code
// for the browser to fetch.

const COUNTDOWN_TICK_MS = 1000;

const pad = (n: number) => String(n).padStart(2, "0");

export interface Countdowns {
  /** Ticks while the fixtures tab is shown, stops while it is hidden. */
  run(running: boolean): void;
  stop(): void;
}

/** Starts every countdown in `container` (a tab's server HTML). */
export function startCountdowns(container: HTMLElement, running: boolean): Countdowns {
  const all = [...container.querySelectorAll<HTMLElement>("[data-countdown]")].map(startOne);
  const run = (isRunning: boolean) => {
    for (const one of all) one.run(isRunning);
  };
  run(running);
  return {
    run,
    stop: () => {
      for (const one of all) one.stop();
    },
  };
}

function startOne(place: HTMLElement): Countdowns {
  const target = new Date(place.dataset.countdown ?? "");
  const digits = place.querySelectorAll("[data-countdown-digits]");
  const summary = place.querySelector("[data-countdown-summary]");
  const control = place.querySelector("[data-countdown-control]");
  const button = control?.querySelector("button");
  const icons = place.querySelectorAll<HTMLElement>("[data-countdown-icon]");
  const label = place.querySelector("[data-countdown-label]");
  let running = false;
  let paused = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const draw = () => {
    const parts = countdown({ target, now: new Date() });
    [parts.days, parts.hours, parts.minutes, parts.seconds].forEach((value, i) => {
      const element = digits[i];
      if (element) element.textContent = pad(value);
    });
    if (summary) summary.textContent = countdownSummary(parts);
  };
  const update = () => {
    clearInterval(timer);
    if (!running || paused || document.visibilityState !== "visible") return;
    draw();
    timer = setInterval(draw, COUNTDOWN_TICK_MS);
  };
  const showPaused = () => {
    for (const icon of icons) icon.hidden = (icon.dataset.countdownIcon === "play") !== paused;
    if (label) label.textContent = paused ? "Resume countdown" : "Pause countdown";
  };
  const toggle = () => {
    paused = !paused;
    showPaused();
    update();
  };

  // Reduced motion: nothing moves until the visitor asks for it; the time at the page's start.
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
    paused = true;
    draw();
    showPaused();
  }
  button?.addEventListener("click", toggle);
  control?.classList.remove("invisible");
  document.addEventListener("visibilitychange", update);
  return {
    run: (isRunning) => {
      running = isRunning;
      update();
    },
    stop: () => {
      clearInterval(timer);
      button?.removeEventListener("click", toggle);
      document.removeEventListener("visibilitychange", update);
    },
  };
}
