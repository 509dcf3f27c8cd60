import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../app/db/database.server.ts";
import { getDatabaseHandle } from "../../app/db/database.server.ts";
import { rowsOf } from "../../app/db/open.server.ts";
import {
  ADMIN_SCREENS,
  type AdminScreen,
  hasPermission,
  noAccessMessage,
  ROLES,
  type Role,
} from "../../app/domain/admin/screens.ts";
import { createAdministrator } from "../../app/domain/auth/administrators.server.ts";
import { loadServerBuild, signIn, startTestApp, type TestApp } from "../app.ts";
import { availableDrivers, describeWithDatabases } from "../db.ts";

// rules §6: every admin action, present and future, refuses a request without a
// session and a request with a forged Origin, and writes nothing; every admin route and method
// gives each role exactly what the registry of admin screens (ADR 020) grants, and a refusal
// is a 403 that changes nothing. The admin routes are enumerated from the production build
// and must all be in the registry, so a new admin screen is covered automatically.

interface AdminRoute {
  /** As the route table writes it: '/admin/seasons/:slug'. */
  pattern: string;
  /** An address of it: dynamic segments get a well-formed id that does not exist. */
  path: string;
  hasAction: boolean;
  hasLoader: boolean;
  screen: AdminScreen | undefined;
}

/** Every route under /admin in the build, open ones included. */
async function allAdminRoutes(): Promise<AdminRoute[]> {
  const build = await loadServerBuild();
  const fullPath = (id: string): string => {
    const route = build.routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.keys(build.routes)
    .filter((id) => build.routes[id]?.path !== undefined)
    .map((id) => {
      const pattern = `/${fullPath(id)}`;
      return {
        pattern,
        path: pattern
          .replace(/:[^/]+/g, "00000000-0000-4000-8000-000000000000")
          .replace(/\*$/, "no-such-screen"),
        hasAction: Boolean(build.routes[id]?.module.action),
        hasLoader: Boolean(build.routes[id]?.module.loader),
        screen: Object.values(ADMIN_SCREENS as Record<string, AdminScreen>).find(
          (screen) => screen.path === pattern,
        ),
      };
    })
    .filter((r) => /^\/admin(\/|$)/.test(r.pattern));
}

/**
 * The guarded ones: everything but signing in and the one-time links that let an
 * administrator choose a password (their token is the key; tests/integration/administrators).
 */
async function adminRoutes(): Promise<AdminRoute[]> {
  return (await allAdminRoutes()).filter((route) => route.screen?.permission !== "open");
}

/** Row counts and the newest change of every table: "nothing written" means this is equal. */
async function snapshot(app: { db: () => Database }) {
  const tables = rowsOf<{ table_name: string }>(
    await app
      .db()
      .execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      ),
  );
  const state: Record<string, unknown> = {};
  for (const { table_name } of tables) {
    const rows = rowsOf(
      await app
        .db()
        .execute(
          sql.raw(
            `select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest, count(*)::int as n from "${table_name}" t`,
          ),
        ),
    );
    state[table_name] = rows[0];
  }
  return state;
}

const FORM_BODIES: Record<string, string>[] = [
  { intent: "create" },
  { intent: "update", id: "00000000-0000-4000-8000-000000000000" },
  { intent: "delete", id: "00000000-0000-4000-8000-000000000000" },
  { intent: "undo", token: "00000000-0000-4000-8000-000000000000" },
  { intent: "read", id: "00000000-0000-4000-8000-000000000000" },
];

describeWithDatabases(
  "admin routes refuse requests without a session or from another site",
  ({ db, driver }) => {
    let app: TestApp;
    let routes: AdminRoute[];
    let cookie: string;

    beforeAll(async () => {
      app = await startTestApp(getDatabaseHandle());
      routes = await adminRoutes();
      await createAdministrator({ email: "guard@club.example", password: "amber-kettle-river-42" });
      cookie = await signIn({
        app,
        email: "guard@club.example",
        password: "amber-kettle-river-42",
      });
    });
    afterAll(async () => {
      await app?.close();
    });

    it("finds the admin routes in the build", () => {
      expect(routes.map((r) => r.path)).toEqual(
        expect.arrayContaining(["/admin", "/admin/messages"]),
      );
      expect(routes.filter((r) => r.hasAction).length).toBeGreaterThan(0);
    });

    it("sends every admin page to the login page without a session", async () => {
      for (const route of routes.filter((r) => r.hasLoader)) {
        const response = await fetch(`${app.url}${route.path}`, { redirect: "manual" });
        if (route.path === "/admin/logout") {
          // Signed out already: the sign-in page says so (a client navigation can still ask
          // for it after the sign-out's own redirect).
          expect(response.headers.get("location")).toBe("/admin/login?signedOut");
          continue;
        }
        expect(response.status, route.path).toBe(302);
        expect(response.headers.get("location"), route.path).toMatch(/^\/admin\/login/);
        expect(response.headers.get("cache-control"), route.path).toBe("no-store");
      }
    });

    it("refuses every admin action without a session (401) and writes nothing", async () => {
      const before = await snapshot({ db });
      for (const route of routes.filter((r) => r.hasAction)) {
        for (const body of FORM_BODIES) {
          const response = await fetch(`${app.url}${route.path}`, {
            method: "POST",
            redirect: "manual",
            headers: { origin: app.url, "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams(body),
          });
          expect(response.status, `${route.path} ${body.intent}`).toBe(401);
        }
      }
      expect(await snapshot({ db })).toEqual(before);
    });

    it("refuses every admin action from another site (403), even with a session", async () => {
      const before = await snapshot({ db });
      for (const route of routes.filter((r) => r.hasAction)) {
        for (const body of FORM_BODIES) {
          const response = await fetch(`${app.url}${route.path}`, {
            method: "POST",
            redirect: "manual",
            headers: {
              origin: "https://evil.example",
              cookie,
              "content-type": "application/x-www-form-urlencoded",
            },
            body: new URLSearchParams(body),
          });
          expect(response.status, `${route.path} ${body.intent}`).toBe(403);
        }
      }
      expect(await snapshot({ db })).toEqual(before);
    });

    it("declares every admin route in the registry of admin screens, and nothing else", async () => {
      const all = await allAdminRoutes();
      expect(all.filter((route) => !route.screen).map((route) => route.pattern)).toEqual([]);
      expect(all.map((route) => route.pattern).sort()).toEqual(
        Object.values(ADMIN_SCREENS as Record<string, AdminScreen>)
          .map((screen) => screen.path)
          .sort(),
      );
    });

    // Four roles × every route × its methods: some 800 requests, given time on a busy machine.
    // What a role may do is read from the session and the registry, the same on either
    // database: the matrix runs on one (PostgreSQL when there is one), the refusals above on both.
    if (driver === availableDrivers().at(-1)) {
      it("gives each role exactly what the registry grants, for every route and method; a refusal is a 403 that changes nothing", {
        timeout: 240_000,
      }, async () => {
        const cookies = new Map<Role, string>();
        for (const role of ROLES) {
          const email = `only-${role}@club.example`;
          await createAdministrator({ email, password: "amber-kettle-river-42", roles: [role] });
          cookies.set(role, await signIn({ app, email, password: "amber-kettle-river-42" }));
        }
        // Screens fill in what an empty database lacks on first read (the club's details, the
        // page texts, the current season): read each once before comparing.
        for (const route of routes.filter((r) => r.hasLoader && r.path !== "/admin/logout")) {
          await (await fetch(`${app.url}${route.path}`, { headers: { cookie } })).text();
        }
        const before = await snapshot({ db });
        const granted: string[] = [];
        for (const role of ROLES) {
          const headers = { origin: app.url, cookie: cookies.get(role) ?? "" };
          for (const route of routes) {
            const screen = route.screen as AdminScreen;
            const allowed = hasPermission([role], screen.permission);
            const requests: { method: string; url: string }[] = [];
            if (route.hasLoader) {
              requests.push({ method: "GET", url: route.path });
              requests.push({ method: "GET", url: `${route.path}.data` });
            }
            // A refused write is checked with every method and body; an allowed one is not sent
            // (it would change things, or sign this role out).
            if (route.hasAction && !allowed) {
              requests.push({ method: "POST", url: route.path });
              requests.push({ method: "POST", url: `${route.path}.data` });
              for (const method of ["PUT", "PATCH", "DELETE"]) {
                requests.push({ method, url: route.path });
              }
            }
            for (const request of requests) {
              // Every body with POST, the form's own verb; one with the other methods.
              const bodies =
                request.method === "GET"
                  ? [null]
                  : request.method === "POST"
                    ? FORM_BODIES
                    : FORM_BODIES.slice(0, 1);
              for (const body of bodies) {
                const response = await fetch(`${app.url}${request.url}`, {
                  method: request.method,
                  redirect: "manual",
                  headers: body
                    ? { ...headers, "content-type": "application/x-www-form-urlencoded" }
                    : headers,
                  body: body ? new URLSearchParams(body) : undefined,
                });
                const where = `${role} ${request.method} ${request.url} ${body?.intent ?? ""}`;
                const text = await response.text();
                if (allowed) {
                  expect(response.status, where).not.toBe(403);
                  expect(response.status, where).toBeLessThan(500);
                } else {
                  expect(response.status, where).toBe(403);
                  expect(text.replaceAll("&#x27;", "'"), where).toContain(
                    noAccessMessage(screen.title),
                  );
                }
              }
            }
            if (allowed) granted.push(`${role} ${route.pattern}`);
          }
        }
        expect(await snapshot({ db })).toEqual(before);
        // What each role reaches, besides what every signed-in person has.
        const own = (role: Role) =>
          granted
            .filter((line) => line.startsWith(`${role} `))
            .map((line) => line.slice(role.length + 1))
            .filter((pattern) => {
              const screen = routes.find((route) => route.pattern === pattern)?.screen;
              return screen?.permission !== "signed-in";
            });
        expect(own("editor")).toEqual([
          "/admin/news",
          "/admin/news/:id/preview",
          "/admin/news/:id/revisions",
          "/admin/news/autosave",
          "/admin/subscribers",
          "/admin/subscribers/export",
          "/admin/sponsors",
          "/admin/media",
          "/admin/events",
          "/admin/pages",
          "/admin/pages/preview",
        ]);
        expect(own("results-secretary")).toEqual([
          "/admin/fixtures",
          "/admin/rounds",
          "/admin/live",
          "/admin/table",
          "/admin/seasons",
          "/admin/seasons/:slug",
          "/admin/venues",
          "/admin/venues/:id/access",
          "/admin/competitions",
        ]);
        expect(own("team-manager")).toEqual(["/admin/team", "/admin/seasons/:slug"]);
        // decisions 32: a Contributor reaches News and its item screens, and nothing else.
        expect(own("contributor")).toEqual([
          "/admin/news",
          "/admin/news/:id/preview",
          "/admin/news/:id/revisions",
          "/admin/news/autosave",
        ]);
        expect(own("administrator").length).toBe(
          routes.filter((route) => route.screen?.permission !== "signed-in").length,
        );
      });
    }

    it("lets the same requests through with a session from this site", async () => {
      const response = await fetch(`${app.url}/admin/messages`, { headers: { cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
    });
  },
);
