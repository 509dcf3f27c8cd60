import { describe, expect, it } from "vitest";
import {
  FIXTURE_INVALID,
  IMAGE_ALT_REQUIRED,
  IMAGE_INVALID,
  isNewsImage,
  NEWS_FIELD_LIMITS,
  newsFormSchema,
  newsIdSchema,
  newsPageSchema,
  newsSchema,
} from "./news.schema.ts";

const valid = { title: "Storm win the cup", content: "What a night.\nThank you all." };

function errorsOf(input: Record<string, unknown>) {
  const result = newsSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
}

describe("newsSchema", () => {
  it("accepts a title and content, trimmed, with no image or category", () => {
    expect(newsSchema.parse({ title: "  Storm win the cup ", content: valid.content })).toEqual(
      valid,
    );
  });

  it("requires the title and the content (rules §5 News)", () => {
    expect(errorsOf({})).toEqual({
      title: "Please enter a title.",
      content: "Please write the news content.",
    });
    expect(errorsOf({ title: "   ", content: "\n\n" })).toEqual({
      title: "Please enter a title.",
      content: "Please write the news content.",
    });
  });

  it("limits the lengths", () => {
    const max = NEWS_FIELD_LIMITS;
    expect(errorsOf({ ...valid, title: "x".repeat(max.titleMax) })).toEqual({});
    expect(errorsOf({ ...valid, title: "x".repeat(max.titleMax + 1) })).toEqual({
      title: "Please keep the title under 200 characters.",
    });
    expect(errorsOf({ ...valid, content: "x".repeat(max.contentMax + 1) })).toEqual({
      content: "Please keep the content under 20,000 characters.",
    });
    expect(errorsOf({ ...valid, category: "x".repeat(max.categoryMax + 1) })).toEqual({
      category: "Please keep the category under 40 characters.",
    });
  });

  it("keeps the line breaks of the content", () => {
    expect(newsSchema.parse({ ...valid, content: "One\n\nTwo\nThree" }).content).toBe(
      "One\n\nTwo\nThree",
    );
  });

  it("reads an empty image or category as none", () => {
    expect(newsSchema.parse({ ...valid, image: "", category: "  " })).toEqual(valid);
    expect(newsSchema.parse({ ...valid, image: undefined, category: undefined })).toEqual(valid);
  });

  it("accepts an image address on the web or a path on this site", () => {
    for (const image of [
      "https://images.example/kit.jpg",
      "https://images.example/kit.png?size=large",
      "/images/demo/new-kit.svg",
      " /images/demo/new-kit.svg ",
    ]) {
      expect(errorsOf({ ...valid, image }), image).toEqual({});
    }
  });

  it("refuses any other image address", () => {
    for (const image of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "ftp://files.example/kit.png",
      // rules §12: accepted once, then blocked on the public page by the CSP.
      "http://images.example/kit.png",
      "//evil.example/kit.png",
      "/\\evil.example/kit.png",
      "images/kit.png",
      "https://",
      "https://images.example/a kit.png",
      `https://images.example/${"x".repeat(NEWS_FIELD_LIMITS.imageMax)}`,
    ]) {
      expect(errorsOf({ ...valid, image }), image).toEqual({ image: IMAGE_INVALID });
      expect(isNewsImage(image.trim()), image).toBe(image.length > NEWS_FIELD_LIMITS.imageMax);
    }
  });

  it("never takes a date from the form (rules §3: set by the server)", () => {
    const parsed = newsSchema.parse({ ...valid, date: "2001-01-01T00:00:00Z" });
    expect(parsed).not.toHaveProperty("date");
  });
});

describe("newsFormSchema", () => {
  it("carries the id of the item being updated, which must be a UUID", () => {
    const id = "3f1c2a9e-5b7d-4c1e-9a2b-8d6e4f0a1b2c";
    expect(newsFormSchema.parse({ ...valid, id }).id).toBe(id);
    expect(newsFormSchema.parse(valid).id).toBeUndefined();
    expect(newsFormSchema.safeParse({ ...valid, id: "7" }).success).toBe(false);
  });

  it("needs the photo described when there is one (decisions 23); not without a photo", () => {
    const photo = { ...valid, image: "/media/0123456789abcdef01234567-1280x720.jpg" };
    const missing = newsFormSchema.safeParse(photo);
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["imageAlt", IMAGE_ALT_REQUIRED],
    ]);
    expect(newsFormSchema.parse({ ...photo, imageAlt: "Aoife scores" }).imageAlt).toBe(
      "Aoife scores",
    );
    expect(newsFormSchema.parse(valid).imageAlt).toBeUndefined();
  });
});

describe("news addresses", () => {
  it("takes only UUIDs as ids", () => {
    expect(newsIdSchema.safeParse("3f1c2a9e-5b7d-4c1e-9a2b-8d6e4f0a1b2c").success).toBe(true);
    for (const id of ["abc", "1", "3f1c2a9e-5b7d-4c1e-9a2b-8d6e4f0a1b2", "rss.xml"]) {
      expect(newsIdSchema.safeParse(id).success, id).toBe(false);
    }
  });

  it("reads the page number: absent is 1, anything but a positive whole number is refused", () => {
    expect(newsPageSchema.parse(undefined)).toBe(1);
    expect(newsPageSchema.parse("1")).toBe(1);
    expect(newsPageSchema.parse("834")).toBe(834);
    for (const page of ["0", "-1", "1.5", "abc", "01", "", "9999999"]) {
      expect(newsPageSchema.safeParse(page).success, page).toBe(false);
    }
  });
});

describe("the match report's fixture", () => {
  const FIXTURE = "3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b";
  it("is optional, and a fixture id is kept", () => {
    expect(newsFormSchema.parse(valid).fixtureId).toBeUndefined();
    expect(newsFormSchema.parse({ ...valid, fixtureId: FIXTURE }).fixtureId).toBe(FIXTURE);
  });

  it("refuses anything but a fixture id", () => {
    for (const fixtureId of ["12", "javascript:alert(1)", `${FIXTURE}x`]) {
      expect(errorsOf({ ...valid, fixtureId })).toEqual({ fixtureId: FIXTURE_INVALID });
    }
  });
});
