import { afterEach, describe, expect, it, vi } from "vitest";
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
});
