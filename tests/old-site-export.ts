// A realistic export of the old hosted site (ADR 009), written for the tests from rules §3
// "Entities and their fields": 200 news items, 80 fixtures (past ones with scores, scorers,
// cup draws settled on penalties), a 10-team league table and 15 people (12 players, a head
// coach and two assistants) whose HTML bios include unsafe markup. Deterministic: the same
// call gives the same file. Timestamps and the outer shape are chosen by the caller, as the
// export tools of the old site's database write them.

export type TimestampShape = "_seconds" | "seconds" | "datatype" | "iso";
export type OuterShape = "plain" | "__collections__";

export const OLD_SITE_COUNTS = { news: 200, fixtures: 80, leagueTable: 10, team: 15 } as const;

/** A small seeded generator (mulberry32): varied data, never Math.random. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** An id like the old database's: 20 letters and digits. */
export function oldId(prefix: string, n: number): string {
  const random = seeded(n * 7919 + prefix.length * 104_729);
  let id = "";
  while (id.length < 20) id += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return id;
}

function timestamp(date: Date, shape: TimestampShape): unknown {
  const ms = date.getTime();
  const seconds = Math.floor(ms / 1000);
  const nanoseconds = (ms - seconds * 1000) * 1_000_000;
  if (shape === "_seconds") return { _seconds: seconds, _nanoseconds: nanoseconds };
  if (shape === "seconds") return { seconds, nanoseconds };
  if (shape === "datatype") {
    return { __datatype__: "timestamp", value: { _seconds: seconds, _nanoseconds: nanoseconds } };
  }
  return date.toISOString();
}

const OPPONENTS = [
  "Belfast Bulls",
  "Cork Comets",
  "Dublin Dynamos",
  "Galway Gales",
  "Limerick Lions",
  "Newry Knights",
  "Sligo Sparks",
  "Waterford Wasps",
  "Wexford Wolves",
] as const;
const LOCATIONS = [
  "TU Blanch",
  "Sport Ireland National Indoor Arena",
  "UL Arena",
  "Gormanston Park",
  "Newforge Sports Complex",
  "Community Hall, Ennis",
];
const LEAGUE = "AIPF League 25/26";
const CUP = "AIPF Cup & Shield 25/26";
const STAGES = ["Group", "Quarter-Final", "Semi-Final", "Final"];
const CATEGORIES = ["Match Report", "Club News", "Fundraising", "Training"];

const PLAYERS = [
  "Aoife Byrne",
  "Cian Murphy",
  "Niamh Kelly",
  "Seán Ó Briain",
  "Róisín Walsh",
  "Darragh Ryan",
  "Ciara O'Connor",
  "Eoin McCarthy",
  "Saoirse Doyle",
  "Padraig Nolan",
  "Orla Brennan",
  "Tadhg Quinn",
];
const COACHES: [string, string][] = [
  ["Mary Fitzgerald", "Head Coach"],
  ["John Keane", "Assistant Coach"],
  ["Declan Moore", "Assistant Coach"],
];

/** The unsafe parts planted in bios; none may survive the import. */
export const UNSAFE_MARKERS = [
  "<script",
  "onerror",
  "javascript:",
  "<iframe",
  "onclick",
  "<style",
] as const;

export interface OldSiteData {
  news: Record<string, Record<string, unknown>>;
  fixtures: Record<string, Record<string, unknown>>;
  leagueTable: Record<string, Record<string, unknown>>;
  team: Record<string, Record<string, unknown>>;
}

/** The club's name as the home side (rules §3: the home team is always the club). */
export const CLUB_TEAM = "Shannonside Storm";

/** The documents, with real Date objects; `oldSiteExport` writes the timestamps. */
export function oldSiteData(): OldSiteData {
  const random = seeded(2025);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;

  const news: OldSiteData["news"] = {};
  for (let n = 1; n <= OLD_SITE_COUNTS.news; n++) {
    const doc: Record<string, unknown> = {
      title: `News story ${n}: ${pick(OPPONENTS)} visit`,
      content: `Paragraph one of story ${n}.\nA second line.\n\nA new paragraph with more detail about story ${n}.`,
      // Some dates carry milliseconds, to check nanoseconds are read.
      date: new Date(Date.UTC(2021, 0, 1, 12, 0, 0, n % 3 === 0 ? 250 : 0) + n * 86_400_000 * 3),
    };
    if (n % 2 === 0)
      doc.image = `https://firebasestorage.example.com/v0/b/club/o/news%2F${n}.jpg?alt=media`;
    if (n % 3 !== 0) doc.category = pick(CATEGORIES);
    news[oldId("news", n)] = doc;
  }

  const fixtures: OldSiteData["fixtures"] = {};
  const kickOff0 = Date.UTC(2025, 8, 6, 13, 0);
  for (let n = 1; n <= OLD_SITE_COUNTS.fixtures; n++) {
    const cup = n % 4 === 0;
    const past = n <= 60;
    // Past fixtures in 2025–26 (before the tests' now: 2026 for past ones is avoided).
    const date = past
      ? new Date(Date.UTC(2024, 0, 6, 13, 0) + n * 7 * 86_400_000)
      : new Date(kickOff0 + 400 * 86_400_000 + n * 7 * 86_400_000);
    const tbc = !past && n % 5 === 0;
    const doc: Record<string, unknown> = {
      opponent: pick(OPPONENTS),
      location: pick(LOCATIONS),
      date: tbc ? new Date(date.getTime() - 13 * 3600_000) : date,
      timeTBC: tbc,
      type: cup ? CUP : n % 7 === 0 ? "Friendly" : LEAGUE,
      stage: cup ? STAGES[n % STAGES.length] : "",
      homeScore: null,
      awayScore: null,
      pensHome: null,
      pensAway: null,
      scorers: [],
      score: "",
      result: "",
    };
    if (past) {
      // Every eighth past match (a cup one) is a level draw decided on penalties.
      const penalties = cup && n % 8 === 0;
      const home = penalties ? 2 : Math.floor(random() * 6);
      const away = penalties ? 2 : Math.floor(random() * 5);
      doc.homeScore = home;
      doc.awayScore = away;
      if (penalties) {
        doc.pensHome = n % 16 === 0 ? 4 : 3;
        doc.pensAway = n % 16 === 0 ? 3 : 4;
      }
      doc.scorers = Array.from({ length: home }, (_, g) => ({
        name: PLAYERS[(n + g) % PLAYERS.length],
        minute: 5 + g * 9 + (n % 4),
      }));
      doc.score = `${home} - ${away}`;
      const byPens = penalties ? (doc.pensHome as number) - (doc.pensAway as number) : home - away;
      doc.result = byPens > 0 ? "win" : byPens < 0 ? "loss" : "draw";
      // Some numbers arrive as text, as some export tools write them.
      if (n % 6 === 0) {
        doc.homeScore = String(home);
        doc.awayScore = String(away);
      }
    }
    if (n % 9 === 0) {
      // Optional fields missing altogether.
      delete doc.stage;
      delete doc.pensHome;
      delete doc.pensAway;
    }
    fixtures[oldId("fixtures", n)] = doc;
  }

  const leagueTable: OldSiteData["leagueTable"] = {};
  const teams = [CLUB_TEAM, ...OPPONENTS];
  teams.forEach((team, index) => {
    const won = 9 - index;
    const drawn = index % 3;
    const lost = index;
    const row: Record<string, unknown> = {
      team,
      played: won + drawn + lost,
      won,
      drawn,
      lost,
      gf: 30 - index * 2,
      ga: 10 + index,
      points: won * 3 + drawn,
    };
    if (index % 2 === 0) row.logo = `https://firebasestorage.example.com/logos/${index}.png`;
    if (index === 3) {
      row.played = String(row.played);
      row.points = String(row.points);
    }
    leagueTable[oldId("leagueTable", index + 1)] = row;
  });

  const team: OldSiteData["team"] = {};
  const unsafeBios = [
    `<p>Loves the game.</p><script>alert("x")</script>`,
    `<p>Keeper.<img src="x" onerror="alert(1)"></p>`,
    `<p><a href="javascript:alert(1)">my blog</a></p>`,
    `<p>Captain</p><iframe src="https://evil.example"></iframe>`,
    `<p onclick="steal()">Fast on the ball.</p>`,
    `<style>body{display:none}</style><p>Joined in 2019.</p>`,
  ];
  PLAYERS.forEach((name, index) => {
    const n = index + 1;
    const doc: Record<string, unknown> = {
      name,
      role: "Player",
      slug: name
        .normalize("NFKD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase()
        .replace(/'/g, "")
        .replace(/[^a-z0-9]+/g, "-"),
      number: n % 2 === 0 ? String(n) : n,
      position: pick(["Attacker", "Defender", "Goalkeeper", "Midfield"]),
      classification: n % 4 === 0 ? "" : pick(["PF1", "PF2"]),
      playingSince: String(2010 + n),
      bio:
        index < unsafeBios.length
          ? unsafeBios[index]
          : `<p><strong>${name}</strong> joined the club in ${2010 + n}.</p><ol><li data-list="bullet">Top scorer</li></ol><p><a href="https://example.org/${n}">Interview</a></p>`,
      goals: n % 3 === 0 ? String(n) : n,
      assists: n % 2,
      yellowCards: 0,
      redCards: 0,
      image: `https://firebasestorage.example.com/team/${n}.jpg`,
    };
    if (n === 11) {
      // An old slug this site would not accept as an address: it redirects.
      doc.slug = "Orla_Brennan";
    }
    if (n === 12) {
      // Optional fields missing altogether.
      delete doc.classification;
      delete doc.playingSince;
      delete doc.image;
      delete doc.bio;
      delete doc.assists;
    }
    team[oldId("team", n)] = doc;
  });
  COACHES.forEach(([name, role], index) => {
    team[oldId("team", 100 + index)] = {
      name,
      role,
      slug: name.toLowerCase().replace(/ /g, "-"),
      bio: `<p>Coach since ${2015 + index}.</p><script>document.cookie</script>`,
      image: "",
    };
  });

  return { news, fixtures, leagueTable, team };
}

/** Dates written as `shape`; everything else as is (deep-copied). */
function withTimestamps(value: unknown, shape: TimestampShape): unknown {
  if (value instanceof Date) return timestamp(value, shape);
  if (Array.isArray(value)) return value.map((item) => withTimestamps(item, shape));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, withTimestamps(item, shape)]),
    );
  }
  return value;
}

/** The export file's content, in one timestamp shape and one outer shape. */
export function oldSiteExport({
  timestamps = "_seconds",
  outer = "plain",
  data = oldSiteData(),
}: {
  timestamps?: TimestampShape;
  outer?: OuterShape;
  data?: OldSiteData;
} = {}): Record<string, unknown> {
  const collections = withTimestamps(data, timestamps) as Record<string, unknown>;
  if (outer === "plain") return collections;
  // The shape of firestore-export-import: sub-collections under each document, too.
  const nested = Object.fromEntries(
    Object.entries(collections).map(([name, docs]) => [
      name,
      Object.fromEntries(
        Object.entries(docs as Record<string, Record<string, unknown>>).map(([id, doc]) => [
          id,
          { ...doc, __collections__: {} },
        ]),
      ),
    ]),
  );
  return { __collections__: nested };
}
