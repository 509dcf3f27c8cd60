import { describe, expect, it } from "vitest";
import { planConcurrency } from "./cluster.ts";

const URL = "postgres://club@db.example/club";

describe("planConcurrency (WEB_CONCURRENCY)", () => {
  it("runs one process per core on PostgreSQL unless told otherwise", () => {
    expect(planConcurrency({ requested: undefined, databaseUrl: URL, cores: 4 })).toEqual({
      processes: 4,
    });
    expect(planConcurrency({ requested: 2, databaseUrl: URL, cores: 8 })).toEqual({
      processes: 2,
    });
    expect(planConcurrency({ requested: 1, databaseUrl: URL, cores: 8 })).toEqual({
      processes: 1,
    });
  });

  it("runs one process on the embedded database, and says so when more were asked for", () => {
    expect(planConcurrency({ requested: undefined, databaseUrl: undefined, cores: 4 })).toEqual({
      processes: 1,
    });
    expect(planConcurrency({ requested: 1, databaseUrl: undefined, cores: 4 })).toEqual({
      processes: 1,
    });
    const plan = planConcurrency({ requested: 3, databaseUrl: undefined, cores: 4 });
    expect(plan.processes).toBe(1);
    expect(plan.warning).toMatch(/^WEB_CONCURRENCY=3 ignored: the embedded database \(PGlite\)/);
    expect(plan.warning).toContain("DATABASE_URL");
  });

  it("keeps the development server to one process", () => {
    expect(
      planConcurrency({ requested: 4, databaseUrl: URL, cores: 4, development: true }),
    ).toEqual({ processes: 1 });
  });
});
