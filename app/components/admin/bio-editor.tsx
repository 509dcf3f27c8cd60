import { type FieldMetadata, getTextareaProps } from "@conform-to/react";
import type Quill from "quill";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { MEDIA_MESSAGES } from "../../domain/media/rules.ts";
import { FieldError } from "./form-fields.tsx";

// The bio field of Manage Team (rules §2 Manage Team, §5 Team form, §9): a Quill 2 editor,
// loaded in the browser only on this screen (the public pages never fetch Quill). The page
// is rendered with a plain text box named "bio", so the form works without JavaScript and
// while Quill loads; once it is ready the editor replaces the text box and writes its HTML
// into a hidden input of the same name. The server sanitises whatever arrives.

/** Only the formats the toolbar offers (plus indent and pasted PNG/JPEG pictures). */
const FORMATS = ["bold", "italic", "underline", "list", "indent", "link", "image"];

/** rules §2: bold, italic, underline, ordered list, bullet list, link and clean. */
const TOOLBAR = [
  ["bold", "italic", "underline"],
  [{ list: "ordered" }, { list: "bullet" }],
  ["link"],
  ["clean"],
];

/** Accessible names of the toolbar buttons, by Quill's class and value. */
const BUTTON_NAMES: Record<string, string> = {
  bold: "Bold",
  italic: "Italic",
  underline: "Underline",
  "list:ordered": "Ordered list",
  "list:bullet": "Bullet list",
  link: "Link",
  clean: "Clear formatting",
  "header:2": "Heading",
  "header:3": "Subheading",
};

/** Page texts (legal pages have sections): the same editor plus two heading levels. */
const HEADING_TOOLBAR = [[{ header: 2 }, { header: 3 }], ...TOOLBAR];

const OPTIONS = {
  theme: "snow",
  formats: FORMATS,
  placeholder: "Write a few lines about this person…",
  modules: {
    toolbar: TOOLBAR,
    // rules §9: undo history of at most 100 steps, merging edits made within 1000 ms.
    history: { delay: 1000, maxStack: 100, userOnly: true },
    // rules §5: dropped or pasted pictures only PNG and JPEG.
    uploader: { mimetypes: ["image/png", "image/jpeg"] },
    // Tab leaves the editor instead of typing a tab (no keyboard trap); at the start of a
    // list item Tab and Shift+Tab still change the indent, as the hint says.
    keyboard: { bindings: { tab: null, "remove tab": null } },
  },
};

/** Where a picture dropped or pasted into the bio is uploaded (ADR 017): JSON back. */
const UPLOAD_PATH = "/admin/media/upload";
const PICTURE_OFFLINE =
  "Pictures need a connection: this one was not added. The rest of the bio is as you typed it.";

interface UploadAnswer {
  ok: boolean;
  src?: string;
  message?: string;
}

/**
 * decisions 23: a dropped or pasted picture is uploaded, processed like every photo (upright,
 * no location data), and the bio gets its address, not its bytes.
 */
async function uploadPictures({
  quill,
  index,
  files,
  report,
}: {
  quill: Quill;
  index: number;
  files: File[];
  report: (message: string | null) => void;
}): Promise<void> {
  report(null);
  let at = index;
  for (const file of files) {
    if (!navigator.onLine) {
      report(PICTURE_OFFLINE);
      return;
    }
    const body = new FormData();
    body.set("kind", "photo");
    body.set("file", file);
    let answer: UploadAnswer;
    try {
      const response = await fetch(UPLOAD_PATH, { method: "POST", body });
      answer = (await response.json()) as UploadAnswer;
    } catch {
      report(PICTURE_OFFLINE);
      return;
    }
    if (!answer.ok || !answer.src) {
      report(answer.message ?? MEDIA_MESSAGES.damaged);
      continue;
    }
    quill.insertEmbed(at, "image", answer.src, "user");
    at += 1;
    quill.setSelection(at, 0, "silent");
  }
}

/** The editor's HTML, or "" when it holds no text and no picture. */
function editorHtml(quill: Quill): string {
  const empty = quill.getText().trim() === "" && !quill.root.querySelector("img");
  return empty ? "" : quill.root.innerHTML;
}

/** Names, roles and keyboard access that Quill's snow theme leaves out. */
function makeAccessible({
  quill,
  labelId,
  label,
}: {
  quill: Quill;
  labelId: string;
  label: string;
}): void {
  const { root } = quill;
  root.setAttribute("role", "textbox");
  root.setAttribute("aria-multiline", "true");
  root.setAttribute("aria-labelledby", labelId);
  const toolbar = (quill.getModule("toolbar") as { container?: HTMLElement } | undefined)
    ?.container;
  if (toolbar) {
    toolbar.setAttribute("role", "toolbar");
    toolbar.setAttribute("aria-label", `${label} formatting`);
    for (const button of toolbar.querySelectorAll("button")) {
      const format = [...button.classList].find((name) => name.startsWith("ql-"))?.slice(3);
      const name = BUTTON_NAMES[button.value ? `${format}:${button.value}` : `${format}`];
      if (name) {
        button.setAttribute("aria-label", name);
        button.title = name;
      }
    }
  }
  const tooltip = quill.container.querySelector<HTMLElement>(".ql-tooltip");
  tooltip?.querySelector("input")?.setAttribute("aria-label", "Link address");
  // The tooltip's Edit/Save and Remove are links without an address: make them buttons.
  for (const [selector, name] of [
    [".ql-action", undefined],
    [".ql-remove", "Remove link"],
  ] as const) {
    const action = tooltip?.querySelector<HTMLElement>(selector);
    if (!action) continue;
    action.setAttribute("role", "button");
    action.tabIndex = 0;
    if (name) action.setAttribute("aria-label", name);
    action.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        action.click();
      }
    });
  }
}

export function BioEditor({
  field,
  label,
  hint,
  headings = false,
  placeholder = OPTIONS.placeholder,
}: {
  field: FieldMetadata<string | null | undefined>;
  label: string;
  hint?: ReactNode;
  /** Page texts: Heading and Subheading buttons (h2, h3), which their sanitiser keeps. */
  headings?: boolean;
  placeholder?: string;
}) {
  const labelId = `${field.id}-label`;
  const hostRef = useRef<HTMLDivElement>(null);
  const fallbackRef = useRef<HTMLTextAreaElement>(null);
  const valueRef = useRef<HTMLInputElement>(null);
  const quillRef = useRef<Quill | null>(null);
  // The plain text box had the keyboard when Quill replaced it (a form opened for editing
  // focuses its first field): the editor takes it over, or focus would fall to the page.
  const focusWhenReady = useRef(false);
  // null until the editor is ready: the plain text box is used until then.
  const [html, setHtml] = useState<string | null>(null);
  const [pictureProblem, setPictureProblem] = useState<string | null>(null);
  const initial = typeof field.initialValue === "string" ? field.initialValue : "";
  const describedBy =
    [hint ? field.descriptionId : null, field.errors?.length ? field.errorId : null]
      .filter(Boolean)
      .join(" ") || null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: mounted once per form (the form is keyed by the record)
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let cancelled = false;
    Promise.all([import("quill"), import("quill/dist/quill.snow.css")])
      .then(([{ default: QuillEditor }]) => {
        if (cancelled) return;
        // Whatever was typed into the plain text box while Quill loaded is kept.
        const start = fallbackRef.current?.value ?? initial;
        const element = document.createElement("div");
        host.append(element);
        // The link tooltip stays inside the field, even on a narrow phone.
        const options = headings
          ? {
              ...OPTIONS,
              formats: [...FORMATS, "header"],
              modules: { ...OPTIONS.modules, toolbar: HEADING_TOOLBAR },
            }
          : OPTIONS;
        const quill: Quill = new QuillEditor(element, {
          ...options,
          modules: {
            ...options.modules,
            uploader: {
              ...OPTIONS.modules.uploader,
              handler: (range: { index: number }, files: File[]) =>
                void uploadPictures({
                  quill,
                  index: range.index,
                  files,
                  report: setPictureProblem,
                }),
            },
          },
          placeholder,
          bounds: host,
        } as never);
        quill.setContents(quill.clipboard.convert({ html: start }), "silent");
        quill.history.clear();
        makeAccessible({ quill, labelId, label });
        quill.on("text-change", () => {
          if (valueRef.current) valueRef.current.value = editorHtml(quill);
        });
        quillRef.current = quill;
        focusWhenReady.current = document.activeElement === fallbackRef.current;
        setHtml(editorHtml(quill));
      })
      .catch((error: unknown) => {
        console.error("bio editor: Quill could not be loaded; the plain text box stays", error);
      });
    return () => {
      cancelled = true;
      quillRef.current = null;
      host.replaceChildren();
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: html marks the editor becoming ready
  useEffect(() => {
    const root = quillRef.current?.root;
    if (!root) return;
    if (describedBy) root.setAttribute("aria-describedby", describedBy);
    else root.removeAttribute("aria-describedby");
    root.setAttribute("aria-invalid", String(Boolean(field.errors?.length)));
    if (focusWhenReady.current) {
      focusWhenReady.current = false;
      quillRef.current?.focus();
    }
  }, [describedBy, field.errors, html]);

  return (
    <div>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a label takes no focus; the keyboard reaches the editor with Tab */}
      <label
        id={labelId}
        htmlFor={html === null ? field.id : undefined}
        // The editor is not a form control the label can point at: a click focuses it.
        onClick={() => quillRef.current?.focus()}
        className="block text-sm font-semibold text-slate-800"
      >
        {label}
        {field.required ? null : <span className="font-normal text-slate-500"> (optional)</span>}
      </label>
      {hint ? (
        <p id={field.descriptionId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {html === null ? (
        <textarea
          {...getTextareaProps(field, { ariaDescribedBy: hint ? field.descriptionId : undefined })}
          ref={fallbackRef}
          rows={6}
          className="mt-1 block min-h-[120px] w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-600"
        />
      ) : (
        <input ref={valueRef} type="hidden" name={field.name} defaultValue={html} />
      )}
      <div
        ref={hostRef}
        hidden={html === null}
        className="bio-editor mt-1 rounded-md bg-white [&_.ql-container]:rounded-b-md [&_.ql-container]:border-slate-300! [&_.ql-container]:font-sans! [&_.ql-container]:text-base! [&_.ql-container]:h-auto! [&_.ql-editor]:max-h-[28rem] [&_.ql-editor]:min-h-[120px] [&_.ql-editor]:text-slate-900 [&_.ql-toolbar]:flex [&_.ql-toolbar]:flex-wrap [&_.ql-toolbar]:gap-y-1 [&_.ql-toolbar]:rounded-t-md [&_.ql-toolbar]:border-slate-300! [&_.ql-toolbar_button]:size-9! [&_.ql-formats]:mr-2! [&_.ql-toolbar_button]:rounded [&_.ql-toolbar_button]:p-1.5! [&_.ql-tooltip_input]:w-32! sm:[&_.ql-tooltip_input]:w-56!"
      />
      {pictureProblem ? (
        <p role="alert" className="mt-1 text-sm font-medium text-red-700">
          {pictureProblem}
        </p>
      ) : null}
      <FieldError field={field} />
    </div>
  );
}
