import { describe, expect, it } from "vitest";
import { sanitizeBio } from "../team/bio.server.ts";
import {
  canonicalJson,
  emptyReport,
  IMPORT_MAX_BYTES,
  isCompleteImport,
  mapFixtureDocument,
  mapNewsDocument,
  mapTableDocument,
  mapTeamDocument,
  prepareExport,
  problemLine,
  progressBar,
  readExportShape,
  summariseReport,
  unimportedFieldsNote,
} from "./rules.ts";

const ok = <T>(mapped: { ok: true; values: T } | { ok: false; problems: unknown }) => {
  if (!mapped.ok) throw new Error(`expected ok: ${JSON.stringify(mapped.problems)}`);
  return mapped.values;
};

describe("prepareExport and readExportShape (ADR 009, §3)", () => {
  const doc = { title: "T", content: "C" };

  it("reads the four collections at the top or under __collections__, keeping the file's order", () => {
    const plain = prepareExport(JSON.stringify({ news: { b: doc, a: doc }, team: {} }));
    const nested = prepareExport(JSON.stringify({ __collections__: { news: { b: doc, a: doc } } }));
    for (const read of [plain, nested]) {
      if (!read.ok) throw new Error(read.message);
      expect(read.export.collections.news.map((d) => [d.row, d.id])).toEqual([
        [1, "b"],
        [2, "a"],
      ]);
      expect(read.export.collections.fixtures).toEqual([]);
    }
  });

  it("names the keys it leaves alone", () => {
    const read = readExportShape({ news: {}, users: {}, settings: {} });
    expect(read.ok && read.export.ignored).toEqual(["users", "settings"]);
  });

  it("refuses text that is not JSON, saying so", () => {
    const read = prepareExport("{ news: ");
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toMatch(/^The file is not JSON \(/);
  });

  it("refuses JSON of another shape, naming what it found", () => {
    const list = prepareExport("[1, 2]");
    expect(!list.ok && list.message).toMatch(
      /^The file is JSON but not an export of the old site: it holds a list\./,
    );
    const other = prepareExport(JSON.stringify({ posts: {}, users: {} }));
    expect(!other.ok && other.message).toContain(
      'none of the collections news, fixtures, leagueTable or team is in it (it has "posts", "users")',
    );
    const array = prepareExport(JSON.stringify({ news: [doc] }));
    expect(!array.ok && array.message).toContain(
      '"news" should map document ids to documents, but it is a list',
    );
  });

  it("ADR 048: refuses more than 50 MB before parsing", () => {
    const big = new Uint8Array(IMPORT_MAX_BYTES + 1);
    const read = prepareExport(big);
    expect(!read.ok && read.message).toMatch(/^The file is 50 MB, over the 50 MB limit\./);
  });

  it("accepts a byte-order mark", () => {
    expect(prepareExport(`\uFEFF${JSON.stringify({ news: {} })}`).ok).toBe(true);
  });
});

describe("mapNewsDocument (ADR 009 news)", () => {
  it("maps title, content, image, category and date", () => {
    const values = ok(
      mapNewsDocument({
        title: " Win! ",
        content: "Line one\nLine two",
        image: "https://img.example/a.jpg",
        category: "Match Report",
        date: { _seconds: 1_700_000_000, _nanoseconds: 0 },
      }),
    );
    expect(values).toEqual({
      title: "Win!",
      content: "Line one\nLine two",
      image: "https://img.example/a.jpg",
      category: "Match Report",
      date: new Date(1_700_000_000_000),
    });
  });

  it("skips an item without a title, with the news form's message", () => {
    const mapped = mapNewsDocument({ content: "Body", date: "2025-01-01T00:00:00Z" });
    expect(mapped).toEqual({
      ok: false,
      problems: [
        { field: "title", value: "(missing)", reason: "Please enter a title.", severity: "error" },
      ],
    });
  });

  it("leaves out an image address the site refuses, with a warning, and keeps the item", () => {
    const mapped = mapNewsDocument({ title: "T", content: "C", image: "gs://bucket/a.jpg" });
    expect(mapped.ok).toBe(true);
    expect(mapped.ok && mapped.values.image).toBeUndefined();
    expect(mapped.problems).toContainEqual(
      expect.objectContaining({
        field: "image",
        value: '"gs://bucket/a.jpg"',
        severity: "warning",
      }),
    );
    // No date: kept, shown as 'Unknown', and said so.
    expect(mapped.problems).toContainEqual(
      expect.objectContaining({ field: "date", severity: "warning" }),
    );
  });

  it("skips an item whose date cannot be read", () => {
    const mapped = mapNewsDocument({ title: "T", content: "C", date: "last Tuesday" });
    expect(mapped.ok).toBe(false);
    expect(mapped.problems[0]).toMatchObject({ field: "date", value: '"last Tuesday"' });
  });

  it("skips what is not a document", () => {
    expect(mapNewsDocument("hello")).toMatchObject({
      ok: false,
      problems: [{ field: "(document)", reason: "Not a document (expected an object of fields)." }],
    });
  });
});

describe("mapFixtureDocument (ADR 009 fixtures)", () => {
  const base = {
    opponent: "Cork Comets",
    location: "UL Arena",
    date: { seconds: 1_700_000_000, nanoseconds: 0 },
    timeTBC: false,
    type: "AIPF Cup & Shield 25/26",
    stage: "Final",
  };

  it("maps every field, scores written as text included", () => {
    const values = ok(
      mapFixtureDocument({
        ...base,
        homeScore: "2",
        awayScore: 2,
        pensHome: 4,
        pensAway: "3",
        scorers: [
          { name: "Aoife Byrne", minute: "12" },
          { name: "Cian Murphy", minute: "90+3" },
        ],
        score: "2 - 2",
        result: "win",
      }),
    );
    expect(values).toEqual({
      opponent: "Cork Comets",
      location: "UL Arena",
      date: new Date(1_700_000_000_000),
      timeTbc: false,
      type: "AIPF Cup & Shield 25/26",
      stage: "Final",
      homeScore: 2,
      awayScore: 2,
      pensHome: 4,
      pensAway: 3,
      scorers: [
        { name: "Aoife Byrne", minute: 12 },
        { name: "Cian Murphy", minute: 93 },
      ],
    });
  });

  it("skips a score of 25 with the result form's message", () => {
    const mapped = mapFixtureDocument({ ...base, homeScore: 25, awayScore: 1 });
    expect(mapped).toEqual({
      ok: false,
      problems: [
        {
          field: "homeScore",
          value: "25",
          reason: "Choose a score from 0 to 20.",
          severity: "error",
        },
      ],
    });
  });

  it("skips one score without the other", () => {
    const mapped = mapFixtureDocument({ ...base, homeScore: 1 });
    expect(mapped.problems).toContainEqual(
      expect.objectContaining({ field: "awayScore", reason: "Enter both scores, or neither." }),
    );
  });

  it("recomputes score and result, and reports where the stored ones disagree", () => {
    const mapped = mapFixtureDocument({
      ...base,
      type: "AIPF League 25/26",
      stage: "",
      homeScore: 3,
      awayScore: 1,
      score: "1 - 3",
      result: "loss",
    });
    expect(mapped.ok).toBe(true);
    expect(mapped.problems).toEqual([
      expect.objectContaining({
        field: "score",
        value: '"1 - 3"',
        reason: "Disagrees with homeScore and awayScore: recomputed as '3 - 1'.",
      }),
      expect.objectContaining({
        field: "result",
        value: '"loss"',
        reason: "Disagrees with the scores: recomputed as 'win'.",
      }),
    ]);
  });

  it("says nothing when the stored score and result agree (penalties decide a cup draw)", () => {
    const mapped = mapFixtureDocument({
      ...base,
      homeScore: 1,
      awayScore: 1,
      pensHome: 2,
      pensAway: 4,
      score: "1-1",
      result: "Loss",
    });
    expect(mapped).toMatchObject({ ok: true, problems: [] });
  });

  it("takes the score from the text when the numbers are missing", () => {
    const values = ok(mapFixtureDocument({ ...base, score: "4 - 0" }));
    expect([values.homeScore, values.awayScore]).toEqual([4, 0]);
  });

  it("leaves out penalties that do not apply, keeping the result", () => {
    const mapped = mapFixtureDocument({
      ...base,
      type: "Friendly",
      stage: "",
      homeScore: 2,
      awayScore: 2,
      pensHome: 0,
      pensAway: 0,
    });
    expect(mapped.ok && [mapped.values.pensHome, mapped.values.pensAway]).toEqual([null, null]);
    expect(mapped.problems[0]).toMatchObject({
      field: "pensHome",
      reason: "Penalties apply only to cup matches. Left out.",
      severity: "warning",
    });
  });

  it("leaves out a scorer row without a name or a minute (rules §5), with a warning", () => {
    const mapped = mapFixtureDocument({
      ...base,
      homeScore: 1,
      awayScore: 0,
      scorers: [{ name: "Aoife Byrne", minute: 3 }, { name: "", minute: 7 }, { name: "X" }],
    });
    expect(mapped.ok && mapped.values.scorers).toEqual([{ name: "Aoife Byrne", minute: 3 }]);
    expect(mapped.problems.map((p) => p.field)).toEqual(["scorers.1", "scorers.2"]);
  });

  it("fills the defaults of missing optional fields", () => {
    const values = ok(
      mapFixtureDocument({ opponent: "A", location: "B", date: "2025-10-01T12:00:00Z" }),
    );
    expect(values).toMatchObject({
      timeTbc: false,
      type: "Friendly",
      stage: null,
      homeScore: null,
      pensHome: null,
      scorers: [],
    });
  });

  it("skips a fixture without an opponent", () => {
    const mapped = mapFixtureDocument({ ...base, opponent: "" });
    expect(mapped.problems).toContainEqual(
      expect.objectContaining({ field: "opponent", reason: "Enter the opponent." }),
    );
  });
});

describe("mapTableDocument (ADR 009 league table rows)", () => {
  it("maps the counts (text too), and works out missing points", () => {
    const values = ok(
      mapTableDocument({
        team: "Cork Comets",
        played: "5",
        won: 3,
        drawn: 1,
        lost: 1,
        gf: 9,
        ga: 4,
        logo: "https://cdn.example/cork.png",
      }),
    );
    expect(values).toEqual({
      team: "Cork Comets",
      played: 5,
      won: 3,
      drawn: 1,
      lost: 1,
      gf: 9,
      ga: 4,
      points: 10,
      logo: "https://cdn.example/cork.png",
      // An imported row is the old site's figures, not worked out from results.
      manual: false,
    });
  });

  it("skips a row whose played is not won + drawn + lost, with the table form's message", () => {
    const mapped = mapTableDocument({
      team: "A",
      played: 9,
      won: 1,
      drawn: 1,
      lost: 1,
      gf: 0,
      ga: 0,
    });
    expect(mapped.problems[0]).toMatchObject({
      field: "played",
      reason: "Played must equal won + drawn + lost (1 + 1 + 1 = 3).",
      severity: "error",
    });
  });

  it("leaves out a logo that is not https, with a warning", () => {
    const mapped = mapTableDocument({
      team: "A",
      played: 0,
      won: 0,
      drawn: 0,
      lost: 0,
      gf: 0,
      ga: 0,
      logo: "/logos/a.png",
    });
    expect(mapped.ok && mapped.values.logo).toBeNull();
    expect(mapped.problems[0]).toMatchObject({ field: "logo", severity: "warning" });
  });
});

describe("mapTeamDocument (ADR 009 team records)", () => {
  it("maps every field with the team form's defaults and keeps a valid old slug", () => {
    const values = ok(
      mapTeamDocument(
        {
          name: "Aoife Byrne",
          slug: "aoife",
          number: 7,
          goals: "4",
          bio: "<p>Hi</p>",
          image: "https://img.example/a.jpg",
        },
        { sanitizeBio },
      ),
    );
    expect(values).toEqual({
      slug: "aoife",
      legacySlug: null,
      member: {
        name: "Aoife Byrne",
        role: "Player",
        number: "7",
        position: "TBD",
        classification: "TBD",
        playingSince: "TBD",
        goals: 4,
        assists: 0,
        yellowCards: 0,
        redCards: 0,
        image: "https://img.example/a.jpg",
        bio: "<p>Hi</p>",
      },
    });
  });

  it("sanitises the bio with today's rules and says so", () => {
    const mapped = mapTeamDocument(
      {
        name: "A B",
        bio: '<p onclick="x()">Hi</p><script>alert(1)</script><a href="javascript:x">l</a>',
      },
      { sanitizeBio },
    );
    const bio = mapped.ok ? mapped.values.member.bio : "";
    expect(bio).not.toMatch(/script|onclick|javascript/);
    expect(bio).toContain("<p>Hi</p>");
    expect(mapped.problems[0]).toMatchObject({ field: "bio", severity: "warning" });
  });

  it("does not call a safe bio changed for what the sanitiser adds on its own", () => {
    const mapped = mapTeamDocument(
      {
        name: "A B",
        bio: '<p><b>Fast</b> and <i>strong</i>.</p><ol><li data-list="bullet">One</li></ol><p><a href="https://example.org">Interview</a></p>',
      },
      { sanitizeBio },
    );
    expect(mapped.ok && mapped.values.member.bio).toContain('rel="noopener noreferrer"');
    expect(mapped.problems).toEqual([]);
  });

  it("makes an address from an old slug this site would not accept, and remembers the old one", () => {
    const values = ok(
      mapTeamDocument({ name: "Orla Brennan", slug: "Orla_Brennan" }, { sanitizeBio }),
    );
    expect(values).toMatchObject({ slug: "orla-brennan", legacySlug: "Orla_Brennan" });
    const noSlug = ok(mapTeamDocument({ name: "Seán Ó Briain" }, { sanitizeBio }));
    expect(noSlug).toMatchObject({ slug: "sean-o-briain", legacySlug: null });
  });

  it("reads coach titles as the nearest role and refuses other roles", () => {
    const coach = mapTeamDocument({ name: "A B", role: "Coach" }, { sanitizeBio });
    expect(coach.ok && coach.values.member.role).toBe("Assistant Coach");
    expect(coach.problems[0]).toMatchObject({ field: "role", severity: "warning" });
    expect(
      ok(mapTeamDocument({ name: "A B", role: "head coach" }, { sanitizeBio })).member.role,
    ).toBe("Head Coach");
    expect(mapTeamDocument({ name: "A B", role: "Physio" }, { sanitizeBio })).toMatchObject({
      ok: false,
      problems: [{ field: "role", reason: "Please choose a role." }],
    });
  });

  it("skips a person without a name", () => {
    expect(mapTeamDocument({ number: 3 }, { sanitizeBio })).toMatchObject({
      ok: false,
      problems: [{ field: "name", reason: "Please enter the name." }],
    });
  });
});

describe("unimportedFieldsNote (decisions 3: nothing dropped silently)", () => {
  it("lists the fields this site has no place for, with how many documents have each", () => {
    const documents = [
      { row: 1, id: "a", data: { team: "A", gd: 3, form: "WWD", id: "a", __collections__: {} } },
      { row: 2, id: "b", data: { team: "B", form: "LLL" } },
    ];
    expect(unimportedFieldsNote("leagueTable", documents)).toBe(
      "Fields of leagueTable not imported (this site has no place for them): form (2 documents).",
    );
    expect(unimportedFieldsNote("news", [{ row: 1, id: "a", data: { title: "T" } }])).toBeNull();
  });
});

describe("canonicalJson (ADR 009: the same content is the same, whatever the shape)", () => {
  it("ignores key order and undefined, and writes dates as ISO", () => {
    expect(canonicalJson({ b: 1, a: new Date(0), c: undefined })).toBe(
      canonicalJson({ a: new Date(0), b: 1 }),
    );
    expect(canonicalJson({ a: [1, { y: 2, x: null }] })).toBe('{"a":[1,{"x":null,"y":2}]}');
  });
});

describe("the report (ADR 009)", () => {
  const report = emptyReport({ dryRun: true, startedAt: new Date(0) });
  report.collections.fixtures = {
    found: 3,
    created: 2,
    updated: 0,
    unchanged: 0,
    skipped: 1,
    failed: null,
  };
  report.problems.push({
    collection: "fixtures",
    row: 2,
    id: "abc",
    field: "homeScore",
    value: "25",
    reason: "Choose a score from 0 to 20.",
    severity: "error",
  });

  it("summarises per collection in the dry run's words, with every problem", () => {
    const text = summariseReport(report);
    expect(text).toContain("Dry run: nothing was written.");
    expect(text).toContain(
      "fixtures    3 in the file, would create 2, would update 0, unchanged 0, would skip 1",
    );
    expect(text).toContain("Skipped documents (1):");
    expect(text).toContain("fixtures row 2 (id abc): homeScore = 25: Choose a score from 0 to 20.");
    expect(isCompleteImport(report)).toBe(false);
  });

  it("says a refused file wrote nothing", () => {
    const refused = {
      ...emptyReport({ dryRun: false, startedAt: new Date(0) }),
      refused: "Too big.",
    };
    expect(summariseReport(refused)).toBe("Refused: Too big.\nNothing was written.");
    expect(isCompleteImport(refused)).toBe(false);
  });

  it("formats a problem and a progress bar", () => {
    expect(problemLine(report.problems[0] as (typeof report.problems)[number])).toBe(
      "fixtures row 2 (id abc): homeScore = 25: Choose a score from 0 to 20.",
    );
    expect(
      problemLine({
        collection: "news",
        row: 5,
        id: "x",
        field: "(document)",
        value: "",
        reason: "Deleted here.",
        severity: "error",
      }),
    ).toBe("news row 5 (id x): (document): Deleted here.");
    expect(progressBar({ label: "news", done: 50, total: 200, width: 10 })).toBe(
      "news        [###.......]  25% 50/200",
    );
    expect(progressBar({ label: "team", done: 0, total: 0, width: 4 })).toBe(
      "team        [####] 100% 0/0",
    );
  });
});
