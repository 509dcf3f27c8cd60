import sanitizeHtml from "sanitize-html";
import { parseVariantName } from "../media/rules.ts";

// The player bio is HTML written in the Manage Team editor (Quill 2) and shown as HTML on
// the public player page, so it is sanitised on the server on every write and again when
// rendered (rules §5 Team form, ADR 003). The allow-list is what the editor produces:
// paragraphs, bold, italic, underline, lists (Quill 2 writes every list as <ol> with
// data-list="bullet|ordered"), indent levels 1–8, links and PNG/JPEG images. Everything
// else is removed; no attribute that can run script or load style survives.

/** rules §5: link protocols allowed in a bio; any other becomes about:blank. */
const LINK_PROTOCOLS = ["http", "https", "mailto", "tel", "sms"];
const BLANK = "about:blank";
const INDENT_CLASSES = Array.from({ length: 8 }, (_, i) => `ql-indent-${i + 1}`);
/** rules §5: images only from http, https or data URLs of PNG and JPEG pictures. */
const IMAGE_DATA_URL = /^data:image\/(?:png|jpeg);base64,[a-z0-9+/]+=*$/i;

/**
 * What the browser's URL parser would see: it drops tabs and newlines anywhere and
 * control characters and spaces at the ends, so "java\tscript:" is "javascript:".
 */
function normaliseUrl(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to remove them
  return value.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
}

/** The scheme of an absolute URL (lower case), "" for a relative one, null when malformed. */
function schemeOf(url: string): string | null {
  const colon = url.indexOf(":");
  if (colon === -1) return "";
  const beforePath = url.search(/[/?#]/);
  if (beforePath !== -1 && beforePath < colon) return "";
  const scheme = url.slice(0, colon);
  return /^[a-z][a-z0-9+.-]*$/i.test(scheme) ? scheme.toLowerCase() : null;
}

/** rules §5: http, https, mailto, tel, sms or a relative address; anything else about:blank. */
export function safeLinkHref(href: string | undefined): string {
  const url = normaliseUrl(href ?? "");
  const scheme = schemeOf(url);
  if (scheme === null) return BLANK;
  return scheme === "" || LINK_PROTOCOLS.includes(scheme) ? url : BLANK;
}

/**
 * rules §5: http and https pictures, or a data URL of a PNG or JPEG; decisions 23: or one of
 * this site's uploaded files (/media/…); otherwise none.
 */
export function safeImageSrc(src: string | undefined): string | null {
  const url = normaliseUrl(src ?? "");
  if (url.startsWith("/media/") && parseVariantName(url.slice("/media/".length))) return url;
  const scheme = schemeOf(url);
  if (scheme === "http" || scheme === "https") return url;
  if (scheme === "data" && IMAGE_DATA_URL.test(url.replace(/\s/g, ""))) {
    return url.replace(/\s/g, "");
  }
  return null;
}

const options: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "ol", "ul", "li", "a", "img"],
  allowedAttributes: {
    a: ["href", "rel", "target"],
    img: ["src", "alt"],
    p: ["class"],
    li: ["class", "data-list"],
  },
  allowedClasses: { p: INDENT_CLASSES, li: INDENT_CLASSES },
  // Checked (and replaced) by transformTags below; "about" lets about:blank through.
  allowedSchemes: [],
  allowedSchemesByTag: { a: [...LINK_PROTOCOLS, "about"], img: ["http", "https", "data"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: true,
  // Dropped with everything inside them, not just their tags.
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "iframe",
    "frame",
    "frameset",
    "object",
    "embed",
    "svg",
    "math",
    "template",
    "title",
    "xmp",
    "noembed",
    "noframes",
    "head",
    "select",
  ],
  transformTags: {
    b: "strong",
    i: "em",
    a: (_tagName, attribs) => ({
      tagName: "a",
      attribs: {
        href: safeLinkHref(attribs.href),
        rel: "noopener noreferrer",
        target: "_blank",
      },
    }),
    li: (_tagName, attribs) => {
      const { class: className, "data-list": list } = attribs;
      return {
        tagName: "li",
        attribs: {
          ...(className ? { class: className } : {}),
          ...(list === "bullet" || list === "ordered" ? { "data-list": list } : {}),
        },
      };
    },
    img: (_tagName, attribs) => {
      const src = safeImageSrc(attribs.src);
      const safe: sanitizeHtml.Attributes = src === null ? {} : { src, alt: attribs.alt ?? "" };
      return { tagName: "img", attribs: safe };
    },
  },
  // An image whose address was refused is removed rather than left empty.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/**
 * The same rules for the club's page texts (About, home welcome, legal pages; ADR 014):
 * plus two heading levels (a legal text has sections), and a link to a page of this site
 * ("/terms-conditions") opens in the same tab.
 */
function anchoredHeading(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const id = attribs.id ?? "";
  return { tagName, attribs: /^[a-z][a-z0-9-]{0,40}$/.test(id) ? { id } : {} };
}

const pageOptions: sanitizeHtml.IOptions = {
  ...options,
  allowedTags: [...(options.allowedTags || []), "h2", "h3"],
  // A heading may keep a plain anchor name (the footer's Cookie Settings links to
  // /privacy-policy#cookies without JavaScript); any other id is dropped.
  allowedAttributes: { ...options.allowedAttributes, h2: ["id"], h3: ["id"] },
  transformTags: {
    ...options.transformTags,
    h2: anchoredHeading,
    h3: anchoredHeading,
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = safeLinkHref(attribs.href);
      return /^\/(?!\/)/.test(href)
        ? { tagName: "a", attribs: { href } }
        : { tagName: "a", attribs: { href, rel: "noopener noreferrer", target: "_blank" } };
    },
  },
};

/** rules §5, ADR 003: the bio as safe HTML; a bio with no text and no picture is "". */
export function sanitizeBio(html: string): string {
  const clean = sanitizeHtml(html, options).trim();
  return isBlank(clean) ? "" : clean;
}

/** A page text as safe HTML (the bio's rules, plus h2/h3 and same-tab site links); blank is "". */
export function sanitizePageHtml(html: string): string {
  const clean = sanitizeHtml(html, pageOptions).trim();
  return isBlank(clean) ? "" : clean;
}

function isBlank(html: string): boolean {
  if (html.includes("<img")) return false;
  return bioText(html) === "";
}

/** The bio's words without markup, e.g. for a page description. */
export function bioText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|li|h2|h3)>|<br\s*\/?>/gi, " "), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: options.nonTextTags,
  })
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
