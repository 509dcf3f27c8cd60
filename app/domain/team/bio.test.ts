import { describe, expect, it } from "vitest";
import {
  bioText,
  safeImageSrc,
  safeLinkHref,
  sanitizeBio,
  sanitizePageHtml,
} from "./bio.server.ts";

// The bio sanitiser (rules §5 Team form, ADR 003) against XSS payloads: nothing that can run
// script survives, and what the editor writes does.

const ALLOWED: Record<string, readonly string[]> = {
  p: ["class"],
  br: [],
  strong: [],
  em: [],
  u: [],
  ol: [],
  ul: [],
  li: ["class", "data-list"],
  a: ["href", "rel", "target"],
  img: ["src", "alt"],
};
const SAFE_HREF = /^(https?:|mailto:|tel:|sms:|about:blank$|[^:]*$)/i;
const SAFE_SRC = /^(https?:\/\/|data:image\/(png|jpeg);base64,)/i;

/** Every tag and attribute in sanitised HTML, checked against the allow-list. */
function assertHarmless(html: string): void {
  const tags = html.matchAll(/<\/?([a-zA-Z0-9-]+)([^>]*)>/g);
  for (const [, tag = "", rest = ""] of tags) {
    expect(Object.keys(ALLOWED), `tag <${tag}> in ${html}`).toContain(tag);
    for (const [, name = "", value = ""] of rest.matchAll(/\s([^\s=/]+)(?:="([^"]*)")?/g)) {
      expect(ALLOWED[tag], `attribute ${name} on <${tag}> in ${html}`).toContain(name);
      const decoded = value.replace(/&amp;/g, "&");
      if (name === "href") expect(decoded).toMatch(SAFE_HREF);
      if (name === "src") expect(decoded).toMatch(SAFE_SRC);
      if (name === "class") expect(value).toMatch(/^(ql-indent-[1-8])$/);
      if (name === "data-list") expect(["bullet", "ordered"]).toContain(value);
    }
  }
  // No markup can hide in text: every "<" left is a tag we just checked.
  expect(html.replace(/<\/?([a-zA-Z0-9-]+)([^>]*)>/g, "")).not.toMatch(/[<>]"?[a-z]/i);
  expect(html).not.toMatch(/javascript:|vbscript:|data:text\/html|on[a-z]+=|<script|<svg|<style/i);
}

const PAYLOADS = [
  // Script tags, plain and disguised.
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  "<script/xss src=//evil.example></script>",
  '<<script>alert("x");//<</script>',
  // Event handlers.
  '<img src="x" onerror="alert(1)">',
  '<img src="https://ok.example/a.png" onerror="alert(1)" onload="alert(2)">',
  "<p onclick=alert(1)>click</p>",
  '<body onload="alert(1)">',
  '<strong onmouseover="alert(1)">hover</strong>',
  '<a href="https://ok.example" onfocus="alert(1)" autofocus>x</a>',
  "<details open ontoggle=alert(1)>",
  // javascript: and data:text/html links, with every encoding trick.
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="java&#10;script:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="&#x01;javascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="DATA:text/html,<script>alert(1)</script>">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="livescript:alert(1)">x</a>',
  '<a href="jav&#x0D;ascript:alert(1)">x</a>',
  // SVG and MathML.
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  '<svg><animate attributeName="href" values="javascript:alert(1)" /></svg>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  // Style.
  "<style>body{background:url(javascript:alert(1))}</style>",
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<div style="width: expression(alert(1))">old IE</div>',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  // Frames, objects, forms, meta and base.
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  // Nested and double encodings, parser confusion.
  "&lt;script&gt;alert(1)&lt;/script&gt;",
  "&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  "<textarea><script>alert(1)</script></textarea>",
  "<!--<img src=x onerror=alert(1)>-->",
  '<a href="https://ok.example/"><a href="javascript:alert(1)">nested</a></a>',
  "<template><script>alert(1)</script></template>",
  '<p class="ql-indent-1 x" id="a" data-x="y">classes</p>',
  '<img src="https://ok.example/a.png"/><img src=""><img>',
];

describe("sanitizeBio against XSS payloads", () => {
  for (const payload of PAYLOADS) {
    it(`neutralises ${payload.slice(0, 70)}`, () => {
      const clean = sanitizeBio(payload);
      assertHarmless(clean);
      // Sanitising again changes nothing: the stored form is already the rendered form.
      expect(sanitizeBio(clean)).toBe(clean);
    });
  }

  it("turns every disallowed link into about:blank and keeps its text", () => {
    for (const href of [
      "javascript:alert(1)",
      "java&#x09;script:alert(1)",
      "&#106;avascript:alert(1)",
      "data:text/html;base64,PHNjcmlwdD4=",
      "vbscript:x",
      "file:///etc/passwd",
      "ftp://example.com",
    ]) {
      expect(sanitizeBio(`<p><a href="${href}">Read</a></p>`)).toBe(
        '<p><a href="about:blank" rel="noopener noreferrer" target="_blank">Read</a></p>',
      );
    }
  });
});

describe("sanitizeBio keeps what the editor writes", () => {
  it("keeps paragraphs, bold, italic, underline and line breaks", () => {
    const html = "<p>One <strong>bold</strong> <em>italic</em> <u>under</u><br>two</p>";
    expect(sanitizeBio(html)).toBe(
      "<p>One <strong>bold</strong> <em>italic</em> <u>under</u><br />two</p>",
    );
    expect(sanitizeBio("<p><b>b</b><i>i</i></p>")).toBe("<p><strong>b</strong><em>i</em></p>");
  });

  it("keeps Quill 2's lists (ol with data-list) and indent levels 1 to 8, dropping its UI", () => {
    const quill =
      '<ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>Pace</li>' +
      '<li data-list="ordered" class="ql-indent-8"><span class="ql-ui" contenteditable="false"></span>Power</li></ol>' +
      '<p class="ql-indent-1">Indented</p>';
    expect(sanitizeBio(quill)).toBe(
      '<ol><li data-list="bullet">Pace</li><li class="ql-indent-8" data-list="ordered">Power</li></ol>' +
        '<p class="ql-indent-1">Indented</p>',
    );
    expect(sanitizeBio("<ul><li>plain</li></ul>")).toBe("<ul><li>plain</li></ul>");
    expect(
      sanitizeBio('<ol><li data-list="checked" class="ql-indent-9 ql-indent-2">x</li></ol>'),
    ).toBe('<ol><li class="ql-indent-2">x</li></ol>');
  });

  it("keeps safe links and adds rel and target", () => {
    for (const href of [
      "https://club.example/a?b=1",
      "http://club.example",
      "mailto:hello@club.example",
      "tel:+353870000000",
      "sms:+353870000000",
      "/team",
    ]) {
      expect(sanitizeBio(`<p><a href="${href}" rel="opener" target="_self">x</a></p>`)).toBe(
        `<p><a href="${href.replace("&", "&amp;")}" rel="noopener noreferrer" target="_blank">x</a></p>`,
      );
    }
  });

  it("keeps http(s) pictures and PNG/JPEG data pictures only", () => {
    expect(sanitizeBio('<p><img src="https://cdn.example/a.jpg" alt="Team"></p>')).toBe(
      '<p><img src="https://cdn.example/a.jpg" alt="Team" /></p>',
    );
    expect(sanitizeBio('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe(
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="" />',
    );
    expect(sanitizeBio('<img src="data:image/jpeg;base64,/9j/4AAQ">')).toBe(
      '<img src="data:image/jpeg;base64,/9j/4AAQ" alt="" />',
    );
    expect(sanitizeBio('<img src="data:image/gif;base64,R0lGOD">')).toBe("");
    expect(sanitizeBio('<img src="data:image/png;base64,AA<script>">')).toBe("");
  });

  it("stores an editor with nothing in it as an empty bio", () => {
    expect(sanitizeBio("<p><br></p>")).toBe("");
    expect(sanitizeBio("<p> </p><p><br></p>")).toBe("");
    expect(sanitizeBio("")).toBe("");
    expect(sanitizeBio("<script>x</script>")).toBe("");
  });
});

describe("safeLinkHref and safeImageSrc", () => {
  it("decide like the browser's URL parser would", () => {
    expect(safeLinkHref(" \tjava\nscript:alert(1)")).toBe("about:blank");
    expect(safeLinkHref("HTTPS://club.example")).toBe("HTTPS://club.example");
    expect(safeLinkHref("page?x=a:b")).toBe("page?x=a:b");
    expect(safeLinkHref("#top")).toBe("#top");
    expect(safeLinkHref("1http:x")).toBe("about:blank");
    expect(safeLinkHref(undefined)).toBe("");
    expect(safeImageSrc("javascript:alert(1)")).toBeNull();
    expect(safeImageSrc("/local.png")).toBeNull();
    // decisions 23: this site's uploads, and nothing else under /media/.
    expect(safeImageSrc("/media/0123456789abcdef01234567-960.jpg")).toBe(
      "/media/0123456789abcdef01234567-960.jpg",
    );
    expect(safeImageSrc("/media/../admin")).toBeNull();
    expect(
      sanitizeBio('<p><img src="/media/0123456789abcdef01234567-640.png" onerror="x()"></p>'),
    ).toBe('<p><img src="/media/0123456789abcdef01234567-640.png" alt="" /></p>');
    expect(safeImageSrc("https://cdn.example/a.png")).toBe("https://cdn.example/a.png");
  });
});

describe("bioText", () => {
  it("gives the words without markup, one space between blocks", () => {
    expect(bioText("<p>A &amp; B &lt;3</p><ol><li>one</li><li>two</li></ol><p>x<br>y</p>")).toBe(
      "A & B <3 one two x y",
    );
  });
});

describe("sanitizePageHtml: the bio's rules for page texts", () => {
  it("keeps two heading levels, which a bio never has", () => {
    expect(sanitizePageHtml("<h2>A</h2><h3>B</h3><h4>C</h4>")).toBe("<h2>A</h2><h3>B</h3>C");
    expect(sanitizeBio("<h2>A</h2>")).toBe("A");
  });

  it("opens a link to this site in the same tab, any other in a new one, and refuses scripts", () => {
    expect(sanitizePageHtml('<p><a href="/terms-conditions" target="_blank">T</a></p>')).toBe(
      '<p><a href="/terms-conditions">T</a></p>',
    );
    expect(sanitizePageHtml('<p><a href="//evil.example">E</a></p>')).toBe(
      '<p><a href="//evil.example" rel="noopener noreferrer" target="_blank">E</a></p>',
    );
    expect(sanitizePageHtml('<p><a href="javascript:alert(1)">X</a><script>x</script></p>')).toBe(
      '<p><a href="about:blank" rel="noopener noreferrer" target="_blank">X</a></p>',
    );
  });
});

describe("sanitizePageHtml: heading anchors", () => {
  it("keeps a plain anchor name on a heading and drops any other id", () => {
    expect(sanitizePageHtml('<h2 id="cookies">Cookies</h2>')).toBe('<h2 id="cookies">Cookies</h2>');
    expect(sanitizePageHtml('<h2 id="x&quot; onclick=&quot;1">A</h2><h3 id="Bad Id">B</h3>')).toBe(
      "<h2>A</h2><h3>B</h3>",
    );
    expect(sanitizePageHtml('<p id="cookies">Text</p>')).toBe("<p>Text</p>");
  });
});
