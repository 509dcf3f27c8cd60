import { afterEach, describe, expect, it, vi } from "vitest";
import { UNSAVED_PAGES_KEY } from "../service-worker/constants.ts";
import { registerServiceWorker } from "./service-worker.ts";

// decisions 22, ADR 006: the service worker exists in production builds only.

function fakeNavigator() {
  const register = vi.fn(async () => ({}));
  vi.stubGlobal("navigator", {
    serviceWorker: { register, ready: Promise.resolve({ active: null }) },
  });
  vi.stubGlobal("window", { location: { pathname: "/", href: "http://localhost/" } });
  return register;
}

describe("registerServiceWorker", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it("registers nothing in development", async () => {
    vi.stubEnv("PROD", false);
    const register = fakeNavigator();
    await registerServiceWorker();
    expect(register).not.toHaveBeenCalled();
  });

  it("registers /sw.js for the whole site in a production build", async () => {
    vi.stubEnv("PROD", true);
    const register = fakeNavigator();
    await registerServiceWorker();
    expect(register).toHaveBeenCalledWith("/sw.js", { scope: "/" });
  });

  it("saves every page of the tab loaded before the worker was ready, once it is (ADR 019)", async () => {
    vi.stubEnv("PROD", true);
    const stored = new Map<string, string>();
    vi.stubGlobal("sessionStorage", {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    });
    const postMessage = vi.fn();
    const visit = (path: string, ready: Promise<unknown>) => {
      vi.stubGlobal("navigator", {
        serviceWorker: { controller: null, register: vi.fn(async () => ({})), ready },
      });
      vi.stubGlobal("window", {
        location: { pathname: path, href: `http://localhost${path}`, origin: "http://localhost" },
      });
    };
    // The visitor leaves / and /news before the worker is ready: nothing is sent yet.
    visit("/", new Promise(() => {}));
    void registerServiceWorker();
    visit("/news", new Promise(() => {}));
    void registerServiceWorker();
    await Promise.resolve();
    expect(postMessage).not.toHaveBeenCalled();
    // On /about it is: all three are saved, and the list is emptied.
    visit("/about", Promise.resolve({ active: { postMessage } }));
    await registerServiceWorker();
    expect(postMessage).toHaveBeenCalledWith({
      type: "CACHE_URLS",
      payload: {
        urlsToCache: ["http://localhost/", "http://localhost/news", "http://localhost/about"],
      },
    });
    expect(stored.size).toBe(0);
  });

  it("saves the public pages the head script noted, not an admin page or another site's (ADR 019)", async () => {
    vi.stubEnv("PROD", true);
    // What root.tsx's head script noted before this page's own scripts ran.
    const stored = new Map<string, string>([
      [
        UNSAVED_PAGES_KEY,
        JSON.stringify([
          "http://localhost/",
          "http://localhost/admin/news",
          "http://elsewhere.example/news",
          "not an address",
        ]),
      ],
    ]);
    vi.stubGlobal("sessionStorage", {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    });
    const postMessage = vi.fn();
    vi.stubGlobal("navigator", {
      serviceWorker: {
        controller: null,
        register: vi.fn(async () => ({})),
        ready: Promise.resolve({ active: { postMessage } }),
      },
    });
    vi.stubGlobal("window", {
      location: { pathname: "/news", href: "http://localhost/news", origin: "http://localhost" },
    });
    await registerServiceWorker();
    expect(postMessage).toHaveBeenCalledWith({
      type: "CACHE_URLS",
      payload: { urlsToCache: ["http://localhost/", "http://localhost/news"] },
    });
    expect(stored.size).toBe(0);
  });
});
