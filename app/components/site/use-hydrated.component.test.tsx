import { act } from "@testing-library/react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { useHydrated } from "./use-hydrated.ts";

// useHydrated: false on the server and in any hydration render (the server's HTML is kept,
// with no mismatch), true once the page has hydrated, and true from the first render for a
// component mounted after that (a client-side navigation shows no fallback first).

const renders: boolean[] = [];

function Probe() {
  const hydrated = useHydrated();
  renders.push(hydrated);
  return <p>{hydrated ? "with JavaScript" : "without JavaScript"}</p>;
}

const containers: HTMLElement[] = [];
function container(html = ""): HTMLElement {
  const element = document.createElement("div");
  element.innerHTML = html;
  document.body.append(element);
  containers.push(element);
  return element;
}

afterEach(() => {
  for (const element of containers.splice(0)) element.remove();
  renders.length = 0;
});

describe("useHydrated", () => {
  it("is false on the server, hydrates the server's HTML without a mismatch, then turns true; a later mount starts true", async () => {
    const html = renderToString(<Probe />);
    expect(html).toContain("without JavaScript");
    expect(renders).toEqual([false]);
    renders.length = 0;

    const hydrated = container(html);
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(hydrated, <Probe />, { onRecoverableError: (error) => recoverable.push(error) });
    });
    expect(recoverable).toEqual([]);
    expect(renders[0]).toBe(false);
    expect(hydrated.textContent).toBe("with JavaScript");
    renders.length = 0;

    const later = container();
    await act(async () => {
      createRoot(later).render(<Probe />);
    });
    expect(renders).toEqual([true]);
    expect(later.textContent).toBe("with JavaScript");
    renders.length = 0;

    // Server HTML hydrated after the page has settled (a <Suspense> island whose code came
    // later): false in its hydration render, as on the server, then true.
    const island = container(html);
    await act(async () => {
      hydrateRoot(island, <Probe />, { onRecoverableError: (error) => recoverable.push(error) });
    });
    expect(recoverable).toEqual([]);
    expect(renders[0]).toBe(false);
    expect(island.textContent).toBe("with JavaScript");
  });
});
