import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../app/db/database.server.ts";
import { getDatabaseHandle } from "../../app/db/database.server.ts";
import { rowsOf } from "../../app/db/open.server.ts";
import { createAdministrator } from "../../app/domain/auth/administrators.server.ts";
import { loadServerBuild, signIn, startTestApp, type TestApp } from "../app.ts";
import { describeWithDatabases } from "../db.ts";

// rules §6: every admin action, present and future, refuses a request without a
// session and a request with a forged Origin, and writes nothing. The admin routes are
// enumerated from the production build, so a new admin screen is covered automatically.

interface AdminRoute {
  path: string;
  hasAction: boolean;
  hasLoader: boolean;
}

// Open to a visitor without a session by design: signing in, and the one-time links that let
// an administrator choose a password (their token is the key; tests/integration/administrators).
const OPEN_PATHS = /^\/admin\/(login|forgot-password|set-password\/[^/]+)$/;

async function adminRoutes(): Promise<AdminRoute[]> {
  const build = await loadServerBuild();
  const fullPath = (id: string): string => {
    const route = build.routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.keys(build.routes)
    .map((id) => ({
      // Dynamic segments get a well-formed id that does not exist.
      path: `/${fullPath(id)}`.replace(/:[^/]+/g, "00000000-0000-4000-8000-000000000000"),
      hasAction: Boolean(build.routes[id]?.module.action),
      hasLoader: Boolean(build.routes[id]?.module.loader),
    }))
    .filter((r) => /^\/admin(\/|$)/.test(r.path) && !OPEN_PATHS.test(r.path));
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
  ({ db }) => {
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

    it("lets the same requests through with a session from this site", async () => {
      const response = await fetch(`${app.url}/admin/messages`, { headers: { cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
    });
  },
);
