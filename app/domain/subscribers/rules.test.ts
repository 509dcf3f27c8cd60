import { describe, expect, it } from "vitest";
import { renderMail } from "./mail-content.ts";
import {
  classifySendError,
  isFullTimeNews,
  listOfItem,
  retryDelayMs,
  scheduledItemsDue,
  subscribersCsv,
} from "./rules.ts";

describe("the queue's timing (ADR 032)", () => {
  it("backs off 1, 2, 4 … minutes, at most 6 hours", () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(6 * 3600 * 1000);
  });

  it("treats 5xx as permanent, 4xx and no answer as temporary", () => {
    expect(classifySendError({ responseCode: 550 })).toBe("permanent");
    expect(classifySendError({ responseCode: 451 })).toBe("temporary");
    expect(classifySendError(new Error("ECONNREFUSED"))).toBe("temporary");
  });

  it("names each item's list", () => {
    expect(listOfItem("news:1")).toBe("news");
    expect(listOfItem("result:1")).toBe("match-day");
    expect(listOfItem("match-day:2026-11-25")).toBe("match-day");
    expect(listOfItem("digest:2026-11-23")).toBe("digest");
    expect(listOfItem("other:1")).toBeNull();
  });
});

describe("the schedule (rules §2 Following by e-mail)", () => {
  const at = (day: string, hour: number, weekday: number) => ({ day, hour, weekday });
  it("queues the digest from Monday 08:00 and the match-day mail from 08:00 on a day with fixtures", () => {
    expect(scheduledItemsDue({ clock: at("2026-11-23", 7, 1), hasFixturesToday: true })).toEqual(
      [],
    );
    expect(scheduledItemsDue({ clock: at("2026-11-23", 8, 1), hasFixturesToday: true })).toEqual([
      "digest:2026-11-23",
      "match-day:2026-11-23",
    ]);
    expect(scheduledItemsDue({ clock: at("2026-11-25", 9, 3), hasFixturesToday: false })).toEqual(
      [],
    );
  });

  it("sends a result at full time, not one typed in long after", () => {
    const now = new Date("2026-11-25T18:00:00Z");
    expect(isFullTimeNews({ kickOff: new Date("2026-11-25T14:00:00Z"), now })).toBe(true);
    expect(isFullTimeNews({ kickOff: new Date("2026-10-25T14:00:00Z"), now })).toBe(false);
    expect(isFullTimeNews({ kickOff: null, now })).toBe(false);
  });
});

describe("the CSV export", () => {
  it("quotes what needs it and never starts a field with a formula", () => {
    const csv = subscribersCsv([
      {
        email: "=cmd@example.com",
        status: "confirmed",
        lists: ["news", "digest"],
        createdAt: new Date("2026-01-01T00:00:00Z"),
        confirmedAt: null,
        unsubscribedAt: null,
      },
    ]);
    expect(csv.split("\r\n")[1]).toBe(
      "'=cmd@example.com,confirmed,news digest,2026-01-01T00:00:00.000Z,,",
    );
  });
});

describe("every e-mail (rules §2 Following by e-mail)", () => {
  const club = {
    name: "Storm <FC>",
    shortName: "Storm",
    colours: { primary: "#0b3d5c", accent: "#f2b233" },
    address: {
      venue: "Arena",
      street: "1 Road",
      locality: "Town",
      postcode: "T1",
      country: "Ireland",
    },
  };
  const links = {
    preferences: "https://club.example/p/k",
    unsubscribe: "https://club.example/u/k",
  };
  const mail = renderMail({
    club,
    links,
    body: {
      subject: "Line\r\nbreak",
      heading: "A <b>heading</b>",
      paragraphs: ["One"],
      image: { src: "https://club.example/i.jpg", alt: "Aoife scores" },
      sections: [{ heading: "Fixtures", lines: ["Sat"] }],
    },
  });

  it("has both unsubscribe headers (RFC 8058) and a subject on one line", () => {
    expect(mail.headers).toEqual({
      "List-Unsubscribe": "<https://club.example/u/k>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail.subject).toBe("Line break");
  });

  it("has real headings, alt text, 16 px text, a dark scheme, the links and the postal address in both parts", () => {
    expect(mail.html).toContain("<h1");
    expect(mail.html).toContain("<h2");
    expect(mail.html).toContain('alt="Aoife scores"');
    expect(mail.html).toContain("A &lt;b&gt;heading&lt;/b&gt;");
    expect(mail.html).toContain("prefers-color-scheme: dark");
    expect(mail.html).not.toMatch(/font-size:(1[0-5]|[0-9])px/);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(links.preferences);
      expect(part).toContain(links.unsubscribe);
      expect(part).toContain("Arena, 1 Road, Town, T1, Ireland");
    }
  });

  it("has no unsubscribe headers on the confirmation (no list joined yet)", () => {
    expect(
      renderMail({ club, links: null, body: { subject: "s", heading: "h", paragraphs: [] } })
        .headers,
    ).toEqual({});
  });
});
