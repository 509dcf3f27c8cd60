import http from "node:http";
import { deleteRows, expect, expectAccessible, findRows, test } from "./fixtures.ts";
import {
  fakeThirdParties,
  MAP_EMBED,
  presetConsent,
  watchRequests,
  withJavaScript,
} from "./site.ts";

// The contact page (rules §2 Contact, §4 Contact messages, §5; decisions 18, 19). Runs with and
// without JavaScript: the form posts to the server either way.

const storedWith = async (email: string) =>
  (await findRows("contactMessages", { email })).map(({ name, email, message }) => ({
    name,
    email,
    message,
  }));

// A unique address per test and project, so parallel runs never see each other's messages.
const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test.beforeEach(async ({ page }) => {
  await presetConsent(page, "declined");
});

// The browser always posts from 127.0.0.1, and every post counts against that address's
// hourly limit (rules §12), invalid ones too: the tests of three projects that land on one
// worker's server would otherwise use up its allowance between them. Each test starts with
// the allowance whole; the limit itself has its own test below.
test.beforeEach(async () => {
  await deleteRows("rateLimitHits", { bucket: "contact" });
});

// One test per state: the page as it opens and then with the map asked for (three
// projects), and the form's refusals and a message sent (once: what the server answers does
// not depend on the width), each sharing its page load.

test("shows the club e-mail, the two phone contacts, and the map only when asked for (without asking after Accept), with the address beside it", async ({
  page,
}) => {
  await fakeThirdParties(page);
  const requests = watchRequests(page, MAP_EMBED);
  await page.goto("/contact");
  await test.step("the e-mail, the phone contacts and the form's fields", async () => {
    await expect(
      page.getByRole("link", { name: "hello@shannonside-storm.example" }),
    ).toHaveAttribute("href", "mailto:hello@shannonside-storm.example");
    const contacts = [
      ["Sponsorships coordinator", "Aoife Brennan", "+353 87 555 0142", "tel:+353875550142"],
      ["Team operations manager", "Declan Moriarty", "+353 86 555 0178", "tel:+353865550178"],
    ] as const;
    for (const [role, name, phone, tel] of contacts) {
      const item = page
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: role }) });
      await expect(item).toContainText(name);
      await expect(item.getByRole("link", { name: phone })).toHaveAttribute("href", tel);
    }
    await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("required", "");
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("required", "");
    await expect(page.getByLabel("Message", { exact: true })).toHaveAttribute("required", "");
    await expectAccessible(page);
  });

  await test.step("the map loads only when asked for; focus moves to its frame", async () => {
    const findUs = page.getByRole("region", { name: "Find Us" });
    await expect(findUs.getByRole("heading", { name: "Find Us" })).toBeVisible();
    await expect(findUs).toContainText("UL Arena");
    await expect(findUs).toContainText("Limerick V94 T9PX");
    expect(requests).toEqual([]);
    await expect(findUs.locator("iframe")).toHaveCount(0);

    // Asked for by keyboard (ADR 011 item 5).
    const show = findUs.getByRole("link", { name: "Show the map" });
    await show.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/map=show/);
    const map = findUs.locator("iframe");
    await expect(map).toHaveAttribute("title", "Map of UL Arena, Limerick");
    await expect.poll(() => requests.length).toBeGreaterThan(0);
    if (withJavaScript()) await expect(page.getByTitle(/^Map of /)).toBeFocused();
    await expectAccessible(page);
  });

  // With JavaScript, a visitor who accepted cookies is not asked.
  if (withJavaScript()) {
    await test.step("after Accept the map loads without asking", async () => {
      // Runs after the beforeEach's 'declined' on every load from now on.
      await presetConsent(page, "accepted");
      const later = watchRequests(page, MAP_EMBED);
      await page.goto("/contact");
      await expect.poll(() => later.length).toBeGreaterThan(0);
      await expect(page.getByRole("region", { name: "Find Us" }).locator("iframe")).toBeVisible();
    });
  }
});

test("the form refuses an empty form, invalid input and spam, keeping what was typed, and stores and confirms a message", {
  tag: "@desktop",
}, async ({ page }) => {
  if (withJavaScript()) {
    // Without JavaScript the browser's own 'required' check stops an empty form.
    await test.step("an empty form shows every field's message without sending", async () => {
      await page.goto("/contact");
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByText("Please enter your name.")).toBeVisible();
      await expect(page.getByText("Please enter your e-mail address.")).toBeVisible();
      await expect(page.getByText("Please write your message.")).toBeVisible();
      await page.getByLabel("Email", { exact: true }).fill("not-an-address");
      await expect(
        page.getByText("Please enter a valid e-mail address, like name@example.com."),
      ).toBeVisible();
      await expectAccessible(page);
    });
  }

  await page.goto("/contact");
  await test.step("invalid input is refused with a message per field, keeping what was typed", async () => {
    const email = uniqueEmail("invalid");
    // Spaces pass the browser's own 'required' check; the shared schema refuses them.
    await page.getByLabel("Name", { exact: true }).fill("   ");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Message", { exact: true }).fill("This message should keep its text.");
    await page.getByRole("button", { name: "Send message" }).click();

    await expect(page.getByText("Please enter your name.")).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Name", { exact: true })).toHaveAccessibleDescription(
      "Please enter your name.",
    );
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue(
      "This message should keep its text.",
    );
    await expectAccessible(page);
    expect(await storedWith(email)).toEqual([]);
  });

  await test.step("a filled-in honeypot is refused as spam and nothing is stored", async () => {
    const email = uniqueEmail("honeypot");
    await page.getByLabel("Name", { exact: true }).fill("Totally Human");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page
      .getByLabel("Message", { exact: true })
      .fill("Great site! Visit my shop for cheap watches.");
    // What a bot does: it fills in every field it finds, including the hidden one.
    await page.getByLabel("Leave this field empty").fill("https://spam.example", { force: true });
    await page.getByRole("button", { name: "Send message" }).click();

    await expect(page.getByRole("alert")).toContainText("looked like automated spam");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue(
      "Great site! Visit my shop for cheap watches.",
    );
    expect(await storedWith(email)).toEqual([]);
  });

  await test.step("a message is stored and confirmed", async () => {
    const email = uniqueEmail("sent");
    await page.getByLabel("Leave this field empty").fill("", { force: true });
    await page.getByLabel("Name", { exact: true }).fill("Siobhán Ní Bhriain");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page
      .getByLabel("Message", { exact: true })
      .fill("Hello!\nIs there a training night for new players?");
    await page.getByRole("button", { name: "Send message" }).click();

    await expect(
      page.getByRole("heading", { name: "Thank you, your message has been sent." }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/contact\?sent=1#message-sent$/);
    expect(await storedWith(email)).toEqual([
      {
        name: "Siobhán Ní Bhriain",
        email,
        message: "Hello!\nIs there a training night for new players?",
      },
    ]);
    await expectAccessible(page);
  });
});

const PROJECTS = ["chromium-desktop", "chromium-mobile", "chromium-no-js"];

test("too many messages from one address get HTTP 429 with a clear message @desktop", async ({
  baseURL,
}, testInfo) => {
  // The browser always comes from 127.0.0.1; this sender uses an address of its own on the
  // loopback network (one per project and worker), so the limit it reaches is its own.
  const from = `127.0.${10 + PROJECTS.indexOf(testInfo.project.name)}.${10 + testInfo.parallelIndex}`;
  const tag = uniqueEmail("limit");
  const send = (n: number) =>
    postForm({
      baseURL: baseURL ?? "",
      from,
      form: { name: "Sender", email: `${n}-${tag}`, message: `Message number ${n}, hello.` },
    });
  for (let n = 1; n <= 5; n++) expect((await send(n)).status).toBe(302);
  const refused = await send(6);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  expect(refused.body).toContain("You have sent several messages in the last hour");
  expect(await storedWith(`6-${tag}`)).toEqual([]);
  expect(await storedWith(`5-${tag}`)).toHaveLength(1);
});

/** A form post as a browser without JavaScript sends it, from a chosen loopback address. */
function postForm({
  baseURL,
  from,
  form,
}: {
  baseURL: string;
  from: string;
  form: Record<string, string>;
}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const url = new URL("/contact", baseURL);
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress: from,
        headers: {
          origin: baseURL,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
