import { buildFixture } from "../../scripts/factories.ts";
import {
  deleteRows,
  expect,
  expectAccessible,
  expectNoHorizontalScrolling,
  findRows,
  insertRows,
  reviewShot,
  signInAsAdmin,
  tabTo,
  test,
} from "./fixtures.ts";
import { uniqueTeam } from "./match-centre-data.ts";
import { presetConsent } from "./site.ts";

// Venue access guides, club events and Come and try (ADR 031): one journey through what a
// visitor and a volunteer do. The access guide is filled in with the keyboard only.

test.slow();

test.beforeEach(async ({ page }) => {
  await presetConsent(page, "declined");
});

const DAY = 24 * 3600 * 1000;
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
/** A venue's link, as fixture cards and events name it. */
const venueLink = (name: string) => new RegExp(`^${name} ?: venue and access guide$`);
const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-");

test("an access guide, its venue page, a club event in the calendar and a Come and try enquiry", {
  tag: "@desktop",
}, async ({ page, request }) => {
  const venue = uniqueTeam("Hall");
  const opponent = uniqueTeam("Guide visitors");
  const eventTitle = uniqueTeam("Taster morning");
  const enquirer = uniqueTeam("Orla");
  await insertRows("venues", [
    { name: venue, address: "Castle Street\nTralee", mapUrl: "https://maps.example/hall" },
  ]);
  await insertRows("fixtures", [
    buildFixture({ opponent, location: venue, date: new Date(Date.now() + 2 * DAY) }),
  ]);
  const [row] = await findRows("venues", { name: venue });
  if (!row) throw new Error("the venue was not stored");
  try {
    await test.step("an access guide is filled in and saved with the keyboard only", async () => {
      await signInAsAdmin(page, `/admin/venues/${row.id}/access`);
      await expect(page.getByRole("heading", { level: 1, name: "Access guide" })).toBeVisible();
      const form = page.getByRole("region", { name: `Access guide: ${venue}` });
      await tabTo(page, form.getByLabel("Accessible parking bays"));
      await page.keyboard.type("4");
      await tabTo(page, form.getByLabel("Distance from the bays to the entrance (metres)"));
      await page.keyboard.type("25");
      await tabTo(page, form.getByLabel("Step-free route from parking to the court"));
      await page.keyboard.type("Yes");
      await tabTo(page, form.getByLabel("Changing Places toilet (hoist and adult-sized bench)"));
      await page.keyboard.type("No");
      await tabTo(page, form.getByLabel("Spaces for spectators in wheelchairs"));
      await page.keyboard.type("6");
      await reviewShot(page, "admin-access-guide-1280", { fullPage: true });
      await tabTo(page, form.getByRole("button", { name: "Save access guide" }));
      await page.keyboard.press("Enter");
      await expect(
        page.getByRole("status").filter({ hasText: "Access guide saved." }),
      ).toBeVisible();
      expect((await findRows("venues", { name: venue }))[0]?.accessGuide).toEqual({
        parkingBays: 4,
        parkingDistanceMetres: 25,
        stepFree: "yes",
        changingPlaces: "no",
        spectatorSpaces: 6,
      });
      await page.setViewportSize({ width: 375, height: 800 });
      await reviewShot(page, "admin-access-guide-375", { fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step("a fixture at the venue links to its page, which shows the guide", async () => {
      await page.goto("/fixtures");
      const link = page.getByRole("link", { name: venueLink(venue) }).first();
      await expect(link).toHaveAttribute("href", `/venues/${slugOf(venue)}`);
      await link.click();
      await expect(page.getByRole("heading", { level: 1, name: venue })).toBeVisible();
      await expect(page.getByRole("region", { name: "In short" })).toContainText(
        "There is step-free access from the car park to the court.",
      );
      await expect(page.getByRole("region", { name: "Toilets" })).toContainText(
        "Changing Places toilet (hoist and adult-sized bench)No",
      );
      // Not known is never "No".
      await expect(page.getByRole("region", { name: "Charging a powerchair" })).toContainText(
        "Not checked yet",
      );
      const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
      const place = JSON.parse(jsonLd ?? "{}");
      expect(place).toMatchObject({
        "@type": "Place",
        name: venue,
        hasMap: "https://maps.example/hall",
      });
      expect(place.amenityFeature).toContainEqual({
        "@type": "LocationFeatureSpecification",
        name: "Changing Places toilet",
        value: false,
      });
      await expectAccessible(page);
      await reviewShot(page, "venue-1280", { fullPage: true });
      await page.setViewportSize({ width: 320, height: 800 });
      await expectNoHorizontalScrolling(page);
      await expectAccessible(page);
      await page.setViewportSize({ width: 375, height: 800 });
      await reviewShot(page, "venue-375", { fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step("a club event is on the calendar page and in the feed, not in the match centre", async () => {
      await page.goto("/admin/events");
      const form = page.getByRole("region", { name: "Add an event" });
      await form.getByLabel(/^Title/).fill(eventTitle);
      await form.getByLabel(/^Kind/).selectOption({ label: "Taster session" });
      await form.getByLabel(/^Day/).fill(dayFromNow(3));
      await form.getByLabel(/^Starts/).fill("10:00");
      await form.getByLabel(/^Ends/).fill("12:00");
      await form.getByLabel(/^Venue/).selectOption({ label: venue });
      await form.getByRole("button", { name: "Add Event" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Event added." })).toBeVisible();

      await page.goto("/events");
      const card = page.getByRole("article", { name: eventTitle });
      await expect(card).toContainText("Taster session");
      await expect(card.getByRole("link", { name: venueLink(venue) })).toBeVisible();
      await expectAccessible(page);
      await reviewShot(page, "events-1280", { fullPage: true });
      await page.setViewportSize({ width: 375, height: 800 });
      await reviewShot(page, "events-375", { fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });

      const feed = await (await request.get("/fixtures/calendar.ics")).text();
      expect(feed).toContain(`SUMMARY:${eventTitle}`);
      expect(feed).toMatch(/UID:event-[0-9a-f-]+@/);

      await page.goto("/fixtures");
      await expect(page.getByRole("link", { name: venueLink(venue) }).first()).toBeVisible();
      await expect(page.getByText(eventTitle)).toHaveCount(0);
    });

    await test.step("a Come and try enquiry: bad input gets field messages, then it reaches the inbox", async () => {
      await page.goto("/come-and-try");
      await expect(page.getByRole("heading", { level: 1, name: "Come and try" })).toBeVisible();
      await expect(page.getByRole("article", { name: eventTitle })).toBeVisible();
      await expectAccessible(page);
      await reviewShot(page, "come-and-try-1280", { fullPage: true });
      const form = page.getByRole("region", { name: "Ask for a taster session" });
      await form.getByLabel("Your name").fill(enquirer);
      await form.getByLabel("E-mail or phone number").fill("call me maybe");
      await form.getByRole("radio", { name: "Yes, I would need to borrow a chair" }).check();
      await form.getByRole("radio", { name: "No, I come on my own" }).check();
      await form.getByRole("button", { name: "Send my enquiry" }).click();
      const reply = form.getByLabel("E-mail or phone number");
      await expect(reply).toHaveAttribute("aria-invalid", "true");
      await expect(
        form.getByText("Please enter an e-mail address like name@example.com"),
      ).toBeVisible();
      await expect(reply).toBeFocused();
      expect(await findRows("contactMessages", { name: enquirer })).toEqual([]);

      await reply.fill("087 555 0142");
      await form.getByRole("button", { name: "Send my enquiry" }).click();
      await expect(
        page.getByRole("heading", { name: "Thank you: we have your enquiry." }),
      ).toBeFocused();
      await expect(page.getByRole("heading", { name: "What happens next" })).toBeVisible();
      await page.setViewportSize({ width: 375, height: 800 });
      await reviewShot(page, "come-and-try-375", { fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
      expect(await findRows("contactMessages", { name: enquirer })).toMatchObject([
        { kind: "come-and-try", email: "087 555 0142" },
      ]);

      await page.goto("/admin/messages");
      const message = page.getByRole("article", { name: new RegExp(enquirer) });
      await expect(message).toContainText("Come and try");
      await expect(message).toContainText("Borrow a chair: Yes, I would need to borrow a chair");
      await expect(message.getByRole("link", { name: "087 555 0142" })).toHaveAttribute(
        "href",
        "tel:0875550142",
      );
    });
  } finally {
    await deleteRows("clubEvents", { title: eventTitle });
    await deleteRows("contactMessages", { name: enquirer });
    await deleteRows("fixtures", { opponent });
    await deleteRows("venues", { name: venue });
  }
});
