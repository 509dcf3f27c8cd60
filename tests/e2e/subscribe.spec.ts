import fs from "node:fs";
import type { Page } from "@playwright/test";
import { startTestSmtp } from "../smtp.ts";
import { expect, expectAccessible, reviewShot, signInThroughForm, test } from "./fixtures.ts";
import { emptyDataDir, startOwnServer } from "./own-server.ts";
import { ownServerPort } from "./ports.ts";
import { presetConsent } from "./site.ts";

// rules §2 Following by e-mail, decisions 31, ADR 032: the whole journey through a real SMTP
// server (tests/smtp.ts) and a server of this test's own with SMTP_URL pointing at it (the
// suite's servers send no e-mail). Subscribe (the news page's form, and the footer's short
// form), confirm from the e-mail, publish, receive; one-click unsubscribe; the next item
// reaches only the other address; the preferences link changes the lists. The refusals,
// retries, bounces and two senders are the integration tests' (queue.server.test.ts).

/** A link of an e-mail, on this test's server (e-mails use the club's public address). */
const onServer = (base: string, text: string, path: string) => {
  const found = text.match(new RegExp(`https?://\\S+(${path}[A-Za-z0-9_-]+)`));
  if (!found?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return `${base}${found[1]}`;
};

async function publish(page: Page, title: string, recipients: string) {
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Content").fill(`${title}: the whole story, in a few words.`);
  await expect(page.getByText(`This will be e-mailed to ${recipients}.`)).toBeVisible();
  await page.getByRole("button", { name: "Add News" }).click();
  await expect(page.getByRole("status").filter({ hasText: "News item created." })).toBeVisible();
}

test("a supporter subscribes, confirms, receives a news item, unsubscribes in one click and changes their lists", {
  tag: "@desktop",
}, async ({ page }) => {
  test.setTimeout(120_000);
  const smtp = await startTestSmtp();
  const port = ownServerPort();
  const base = `http://127.0.0.1:${port}`;
  const { server, dataDir } = await startOwnServer(port, {
    name: "subscribe",
    env: { SMTP_URL: smtp.url, MAIL_PER_MINUTE: "600", ANALYTICS_ID: "" },
    dataDir: await emptyDataDir("subscribe"),
  });
  try {
    await presetConsent(page, "declined");
    // A: the news page's form.
    await page.goto(`${base}/news`);
    const form = page.getByRole("region", { name: "Follow the club by e-mail" });
    await form.getByLabel("E-mail address", { exact: true }).fill("ann@example.com");
    await expect(form.getByLabel("Each news item when it is published")).toBeChecked();
    await reviewShot(page, "subscribe-form-1280", { fullPage: true });
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("heading", { name: "Please check your e-mail" })).toBeVisible();

    // B: the footer's short form opens the full form with the address filled in.
    await page.goto(`${base}/news`);
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("Your e-mail address").fill("bob@example.com");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/subscribe\?email=/);
    const full = page.getByRole("main");
    await expect(full.getByLabel("E-mail address", { exact: true })).toHaveValue("bob@example.com");
    await expectAccessible(page);
    await full.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("heading", { name: "Please check your e-mail" })).toBeVisible();

    const confirmations = await smtp.waitFor(2);
    for (const mail of confirmations) {
      expect(mail.header("list-unsubscribe"), "nothing to leave before confirming").toBe("");
      await page.goto(onServer(base, mail.text, "/subscribe/confirm/"));
      await expect(page.getByRole("heading", { name: "You are subscribed" })).toBeVisible();
    }

    await signInThroughForm(page, { path: "/admin/news", origin: base });
    await publish(page, "Cup draw made", "2 subscribers");
    const first = (await smtp.waitFor(4)).slice(2);
    const toAnn = first.find((mail) => mail.to[0] === "ann@example.com");
    expect(first.map((mail) => mail.subject)).toEqual(["Cup draw made", "Cup draw made"]);
    expect(toAnn?.text).toContain("the whole story");
    expect(toAnn?.html).toContain("<h1");
    const unsubscribeHeader = toAnn?.header("list-unsubscribe") ?? "";
    expect(unsubscribeHeader).toMatch(/^<https:\/\/.+\/subscribe\/unsubscribe\/[A-Za-z0-9_-]+>$/);
    expect(toAnn?.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

    // RFC 8058: the mail provider's POST, from elsewhere, unsubscribes with no further step.
    const oneClick = onServer(base, unsubscribeHeader, "/subscribe/unsubscribe/");
    const answer = await fetch(oneClick, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://mail.example",
      },
      body: "List-Unsubscribe=One-Click",
    });
    expect(answer.status).toBe(200);

    // The next item reaches Bob only.
    await page.goto(`${base}/admin/news`);
    await publish(page, "Training moves to Thursday", "1 subscriber");
    const all = await smtp.waitFor(5);
    expect(all[4]?.to).toEqual(["bob@example.com"]);
    expect(all.filter((mail) => mail.to[0] === "ann@example.com")).toHaveLength(2);

    // Ann's preferences link: she chooses the digest and the news again.
    await page.goto(onServer(base, toAnn?.text ?? "", "/subscribe/preferences/"));
    await expect(
      page.getByText("You are unsubscribed: choose lists to receive them again."),
    ).toBeVisible();
    await page.getByLabel("Each news item when it is published").check();
    await page.getByLabel("A weekly digest of fixtures and results").check();
    await page.getByRole("button", { name: "Save my choices" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Your choices are saved." }),
    ).toBeVisible();
    await expect(page.getByLabel("A weekly digest of fixtures and results")).toBeChecked();
    await expect(
      page.getByLabel("Match days: that morning's fixtures and each result at full time"),
    ).not.toBeChecked();
    await expectAccessible(page);
    await reviewShot(page, "preferences-1280", { fullPage: true });

    // Subscribers (Editors and Administrators): the counts as they now stand.
    await page.goto(`${base}/admin/subscribers`);
    const news = page.getByRole("row", { name: /^News/ });
    await expect(news.getByRole("cell")).toHaveText(["2", "0", "0", "0"]);
    await expectAccessible(page);
    await reviewShot(page, "subscribers-1280", { fullPage: true });
    if (process.env.E2E_SHOTS) {
      await page.setViewportSize({ width: 375, height: 740 });
      await reviewShot(page, "subscribers-375", { fullPage: true });
      await page.goto(onServer(base, toAnn?.text ?? "", "/subscribe/preferences/"));
      await reviewShot(page, "preferences-375", { fullPage: true });
      await page.goto(`${base}/subscribe?email=carla@example.com`);
      await reviewShot(page, "subscribe-form-375", { fullPage: true });
      await page.goto(`${base}/news`);
      await reviewShot(page, "news-footer-375", { fullPage: true });
    }
  } finally {
    server.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
    await smtp.close();
  }
});
