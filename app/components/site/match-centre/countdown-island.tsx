import { createRoot, type Root } from "react-dom/client";
import { Countdown } from "./countdown.tsx";

// The countdown of the match centre's next match (rules §4 Countdown), the one part of the
// tabs' server HTML that runs code (ADR 008: the rest is HTML the browser keeps as it is).
// The server marks its place with the kick-off and its own clock (next-match.tsx); once that
// HTML is on the page, this chunk mounts a Countdown there. Until then nothing ticks and its
// pause button is not shown (decisions 29).

export interface Countdowns {
  /** Ticks while the fixtures tab is shown, stops while it is hidden. */
  run(running: boolean): void;
  stop(): void;
}

/** Starts every countdown in `container` (a tab's server HTML). */
export function startCountdowns(container: HTMLElement, running: boolean): Countdowns {
  const places = [...container.querySelectorAll<HTMLElement>("[data-countdown]")].map((place) => ({
    root: createRoot(place),
    target: new Date(place.dataset.countdown ?? ""),
    serverNow: new Date(place.dataset.serverNow ?? ""),
  }));
  const render = (isRunning: boolean) => {
    for (const { root, target, serverNow } of places) {
      root.render(<Countdown target={target} serverNow={serverNow} running={isRunning} />);
    }
  };
  render(running);
  return {
    run: render,
    // Not inside the page's own commit (React does not unmount a root while it renders).
    stop: () => setTimeout(() => unmountAll(places.map((place) => place.root)), 0),
  };
}

function unmountAll(roots: Root[]) {
  for (const root of roots) root.unmount();
}
