import { describe, expect, it } from "vitest";
import { club } from "../../config/club.ts";
import {
  CONTACT_RATE_LIMIT,
  forwardedMail,
  isHoneypotFilled,
  MESSAGE_KEEP_MONTHS,
  messagesErasedBefore,
  rateLimitMessage,
  spamMessage,
} from "./rules.ts";

describe("isHoneypotFilled", () => {
  it("is false for an empty or missing field", () => {
    expect(isHoneypotFilled(undefined)).toBe(false);
    expect(isHoneypotFilled(null)).toBe(false);
    expect(isHoneypotFilled("")).toBe(false);
    expect(isHoneypotFilled("   ")).toBe(false);
  });
  it("is true for anything typed into it", () => {
    expect(isHoneypotFilled("https://cheap-pills.example")).toBe(true);
    expect(isHoneypotFilled("x")).toBe(true);
  });
});

describe("refusal messages", () => {
  it("tell a refused sender another way to reach the club", () => {
    expect(spamMessage(club.email)).toContain(club.email);
    expect(rateLimitMessage("chair@club.example")).toContain("chair@club.example");
  });
  it("allow a few messages an hour per address", () => {
    expect(CONTACT_RATE_LIMIT.maxMessages).toBeGreaterThanOrEqual(3);
    expect(CONTACT_RATE_LIMIT.windowMs).toBe(60 * 60 * 1000);
  });
});

const SITE = { shortName: "Harbour Hawks", url: "https://hawks.example" };

describe("forwardedMail", () => {
  const message = {
    name: "Aoife Byrne",
    email: "aoife@example.com",
    message: "Hello!\nWhen is the next open training night?",
  };

  it("goes to the club, answers to the sender, and carries the whole message", () => {
    const mail = forwardedMail({
      club: SITE,
      message,
      to: "club@example.org",
      from: "web@example.org",
    });
    expect(mail.to).toBe("club@example.org");
    expect(mail.from).toContain("<web@example.org>");
    expect(mail.replyTo).toBe("aoife@example.com");
    expect(mail.subject).toBe("Website message from Aoife Byrne");
    expect(mail.text).toContain("Hello!\nWhen is the next open training night?");
    expect(mail.text).toContain("E-mail: aoife@example.com");
    // The club's details as saved in the admin, not the defaults (ADR 013).
    expect(mail.from).toBe('"Harbour Hawks website" <web@example.org>');
    expect(mail.text).toContain("Sent with the contact form of https://hawks.example.");
  });

  it("never lets visitor input add header lines", () => {
    const mail = forwardedMail({
      club: SITE,
      message: { ...message, name: "Eve\r\nBcc: victim@example.com" },
      to: "club@example.org",
      from: "web@example.org",
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe("Website message from Eve Bcc: victim@example.com");
  });
});

describe("messagesErasedBefore (ADR 051)", () => {
  it("is the same instant MESSAGE_KEEP_MONTHS calendar months earlier", () => {
    expect(MESSAGE_KEEP_MONTHS).toBe(12);
    expect(messagesErasedBefore(new Date("2026-11-28T10:15:00Z"))).toEqual(
      new Date("2025-11-28T10:15:00Z"),
    );
    expect(messagesErasedBefore(new Date("2026-03-31T23:59:59.500Z"))).toEqual(
      new Date("2025-03-31T23:59:59.500Z"),
    );
  });

  it("takes the month's last day when the day does not exist a year earlier", () => {
    expect(messagesErasedBefore(new Date("2028-02-29T08:00:00Z"))).toEqual(
      new Date("2027-02-28T08:00:00Z"),
    );
  });
});
