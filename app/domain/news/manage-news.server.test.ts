import { expect, it } from "vitest";
import { buildNews } from "../../../scripts/factories.ts";
import { describeWithDatabases } from "../../../tests/db.ts";
import { news } from "../../db/schema.ts";
import { newsActorOf, openableNews, publishAtOf, scheduleErrors } from "./manage-news.server.ts";
import { WORKFLOW_MESSAGES } from "./workflow.ts";

const person = (roles: ("editor" | "contributor")[], id = "20000000-0000-4000-8000-000000000001") =>
  newsActorOf({ id, email: `${roles.join("-")}@club.example`, roles });

describeWithDatabases("Manage News for each role (decisions 32)", ({ db }) => {
  it("opens any item for an Editor and only their own for a Contributor", async () => {
    const contributor = person(["contributor"]);
    const [own, other] = await db()
      .insert(news)
      .values([
        buildNews({ authorId: contributor.id, status: "draft" }),
        buildNews({ authorId: "20000000-0000-4000-8000-000000000009", status: "draft" }),
      ])
      .returning();
    expect(contributor.canPublish).toBe(false);
    expect(person(["editor"]).canPublish).toBe(true);
    expect(await openableNews(contributor, own?.id ?? "")).not.toBeNull();
    expect(await openableNews(contributor, other?.id ?? "")).toBeNull();
    expect(await openableNews(person(["editor"]), other?.id ?? "")).not.toBeNull();
  });

  it("reads a schedule in the club's time zone and refuses one that has passed", async () => {
    // The demo club's zone is Europe/Dublin: 18:30 in March is 18:30 UTC, in July 17:30 UTC.
    expect(await publishAtOf({ publishDay: "2027-03-01", publishTime: "18:30" })).toEqual(
      new Date("2027-03-01T18:30:00Z"),
    );
    expect(await publishAtOf({ publishDay: "2027-07-01", publishTime: "18:30" })).toEqual(
      new Date("2027-07-01T17:30:00Z"),
    );
    expect(await publishAtOf({ publishDay: "2027-07-01" })).toBeNull();
    const now = new Date("2027-03-01T18:31:00Z");
    const at = new Date("2027-03-01T18:30:00Z");
    expect(await scheduleErrors({ status: "scheduled" }, at, now)).toEqual({
      publishDay: [WORKFLOW_MESSAGES.scheduleInPast],
    });
    expect(await scheduleErrors({ status: "draft" }, at, now)).toBeNull();
    expect(
      await scheduleErrors({ status: "scheduled" }, new Date(now.getTime() + 60_000), now),
    ).toBeNull();
  });
});
