import { countdown, countdownSummary } from "../../../domain/fixtures/countdown.ts";
import { PauseIcon } from "../page-icons/pause.tsx";
import { PlayIcon } from "../page-icons/play.tsx";

// rules §4 Countdown, decisions 21: days, hours, minutes and seconds to kick-off, refreshed
// every second while the fixtures tab is shown and the page is visible (it stops when the
// tab or the browser window is hidden). The ticking digits are hidden from screen readers,
// which get one coarse sentence instead: nothing is announced as it ticks. A visitor can pause
// it (WCAG 2.2.2); with reduced motion it starts paused and shows the time at the page's start.
// This is its markup, rendered on the server with the tab's content (ADR 008: server HTML);
// countdown-island.tsx makes it tick. Until then nothing ticks and its pause button would do
// nothing, so the button keeps its place but is not shown (decisions 29, ADR 019).

const pad = (n: number) => String(n).padStart(2, "0");

export function Countdown({ target, serverNow }: { target: Date; serverNow: Date }) {
  const parts = countdown({ target, now: serverNow });
  const units = [
    { label: "Days", value: parts.days },
    { label: "Hours", value: parts.hours },
    { label: "Mins", value: parts.minutes },
    { label: "Secs", value: parts.seconds },
  ];
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named group of text, not a set of form controls
    <div role="group" aria-label="Countdown to kick-off">
      <p className="sr-only" data-countdown-summary="">
        {countdownSummary(parts)}
      </p>
      <ol aria-hidden="true" className="grid grid-cols-4 gap-2 sm:gap-3">
        {units.map((unit) => (
          <li
            key={unit.label}
            className="flex flex-col items-center rounded-lg bg-white/10 px-1 py-3 ring-1 ring-white/15"
          >
            <span
              data-countdown-digits=""
              className="font-display text-3xl font-extrabold tabular-nums leading-none text-white sm:text-5xl"
            >
              {pad(unit.value)}
            </span>
            <span className="mt-1 text-xs font-semibold uppercase tracking-widest text-white/75">
              {unit.label}
            </span>
          </li>
        ))}
      </ol>
      <p className="invisible mt-3 text-center" data-countdown-control="">
        <button
          type="button"
          className="inline-flex min-h-11 items-center gap-2 rounded-md border border-white/40 px-4 font-semibold text-white hover:bg-white/10"
        >
          <span data-countdown-icon="pause">
            <PauseIcon className="size-4" />
          </span>
          <span data-countdown-icon="play" hidden>
            <PlayIcon className="size-4" />
          </span>
          <span data-countdown-label="">Pause countdown</span>
        </button>
      </p>
    </div>
  );
}
