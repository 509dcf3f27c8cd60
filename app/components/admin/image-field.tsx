import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { type DragEvent, useId, useRef, useState } from "react";
import {
  MEDIA_MAX_BYTES,
  MEDIA_MESSAGES,
  type MediaChoice,
  type MediaKind,
  mediaLabel,
} from "../../domain/media/rules.ts";
import { useHydrated } from "../site/use-hydrated.ts";
import { buttonStyles } from "./form-fields.tsx";
import { MediaChooser } from "./media-chooser.tsx";
import { UPLOAD_NOUN_ATTRIBUTE } from "./resource/save-lock.tsx";

// The image field of every admin form (decisions 23, ADR 017): a file input that opens a
// phone's camera or photo library, drag and drop on a computer, a preview before saving, a
// Remove button, and a web address as before. The file is posted with its form (the form is
// multipart) and processed by the server when the form is saved; the address field then holds
// the upload. "Choose from library" takes an earlier upload instead (its address goes into the
// address field). Without JavaScript: the file input and the address field work as they are.

type Field = FieldMetadata<string | null | undefined>;

const control =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 aria-[invalid=true]:border-red-600";

const WORDS: Record<MediaKind, { noun: string; formats: string }> = {
  photo: { noun: "photo", formats: "JPEG, PNG, WebP, AVIF or GIF" },
  logo: { noun: "logo", formats: "PNG, SVG, JPEG, WebP, AVIF or GIF" },
};

export function ImageField({
  field,
  fileName,
  kind,
  legend,
  altField,
  altLabel = "Describe the photo",
  altHint,
  urlLabel = "Image URL",
  hint,
  previewOf,
}: {
  /** The address field: an https address, a path on this site, or an upload's /media/ address. */
  field: Field;
  /** The name the file is posted under (the server's `uploads[].file`). */
  fileName: string;
  kind: MediaKind;
  legend: string;
  /** The text alternative: required with a content image, optional for a logo. */
  altField?: Field;
  altLabel?: string;
  altHint?: string;
  /** The address field's label (the forms' own words, rules §2). */
  urlLabel?: string;
  /** What happens without an image, after the address field's own hint. */
  hint?: string;
  /** The preview's address for a stored value that is not one (a bundled logo's name). */
  previewOf?: (value: string) => string | undefined;
}) {
  const hydrated = useHydrated();
  const words = WORDS[kind];
  const fileId = useId();
  const fileHintId = `${fileId}-hint`;
  const localErrorId = `${fileId}-error`;
  const fileInput = useRef<HTMLInputElement>(null);
  const urlInput = useRef<HTMLInputElement>(null);
  const [current, setCurrent] = useState<string | null>(
    typeof field.initialValue === "string" && field.initialValue ? field.initialValue : null,
  );
  const [chosen, setChosen] = useState<{ name: string; preview: string } | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [status, setStatus] = useState("");

  const serverErrors = field.errors?.length ? field.errors.join(" ") : null;
  const error = localError ?? serverErrors;
  const errorId = localError ? localErrorId : field.errorId;
  const preview = chosen?.preview ?? (current ? (previewOf ? previewOf(current) : current) : null);

  function take(file: File | undefined) {
    setLocalError(null);
    if (!file) {
      setChosen(null);
      return;
    }
    // Checked here too, so a phone does not send 20 MB to be told no (the server checks again).
    if (file.size > MEDIA_MAX_BYTES) {
      if (fileInput.current) fileInput.current.value = "";
      setChosen(null);
      setLocalError(MEDIA_MESSAGES.tooLarge);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result !== "string") return;
      setChosen({ name: file.name, preview: reader.result });
      setStatus(`${file.name} chosen. It is uploaded when you save.`);
    };
    reader.readAsDataURL(file);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    // ADR 039: nothing is dropped into a form whose save is on its way (its fields are locked).
    if (fileInput.current?.disabled) return;
    const file = event.dataTransfer.files[0];
    if (!file || !fileInput.current) return;
    const transfer = new DataTransfer();
    transfer.items.add(file);
    fileInput.current.files = transfer.files;
    take(file);
  }

  function remove() {
    if (fileInput.current) fileInput.current.value = "";
    if (urlInput.current) urlInput.current.value = "";
    setChosen(null);
    setCurrent(null);
    setLocalError(null);
    setStatus(`The ${words.noun} was removed. Save to keep the change.`);
    fileInput.current?.focus();
  }

  function reuse(choice: MediaChoice) {
    if (fileInput.current) fileInput.current.value = "";
    if (urlInput.current) urlInput.current.value = choice.url;
    setChosen(null);
    setCurrent(choice.url);
    setLocalError(null);
    // The description it has elsewhere, when this form has none yet (it can be changed).
    const alt = altField ? document.getElementById(altField.id) : null;
    if (alt instanceof HTMLInputElement && !alt.value && choice.description) {
      alt.value = choice.description;
    }
    setStatus(`“${mediaLabel(choice)}” chosen from the library. Save to keep the change.`);
  }

  const altRequired = kind === "photo" && Boolean(preview);
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-800">
        {legend}
        <span className="font-normal text-slate-500"> (optional)</span>
      </legend>
      {/* Dropping a file is a pointer shortcut; the file input inside is the way for every
          input method, so the zone itself needs no role or key handling. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: see above */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`rounded-lg border-2 border-dashed p-3 ${dragging ? "border-club bg-slate-50" : "border-slate-300"}`}
      >
        {preview ? (
          <figure className="mb-3">
            <img
              src={preview}
              alt=""
              className="max-h-48 w-auto max-w-full rounded-md bg-slate-100 object-contain"
            />
            <figcaption className="mt-1 text-sm text-slate-600 wrap-anywhere">
              {chosen
                ? `Preview of ${chosen.name}: it is uploaded when you save.`
                : `The current ${words.noun}.`}
            </figcaption>
          </figure>
        ) : null}
        <label htmlFor={fileId} className="block text-sm font-semibold text-slate-800">
          {`Upload a ${words.noun}`}
        </label>
        <input
          ref={fileInput}
          id={fileId}
          type="file"
          name={fileName}
          accept="image/*"
          {...{ [UPLOAD_NOUN_ATTRIBUTE]: words.noun }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${fileHintId}${error ? ` ${errorId}` : ""}`}
          onChange={(event) => take(event.currentTarget.files?.[0])}
          className="mt-1 block w-full min-h-11 text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold"
        />
        <p id={fileHintId} className="mt-1 text-sm text-slate-600">
          {`${words.formats}, up to 15 MB. On a phone you can take a photo or choose one from your library${hydrated ? "; on a computer you can also drop a file here" : ""}. Location and camera details are removed. Uploading needs a connection.`}
        </p>
        {error ? (
          <p
            id={errorId}
            role={localError ? "alert" : undefined}
            className="mt-1 text-sm font-medium text-red-700"
          >
            {error}
          </p>
        ) : null}
        {hydrated ? (
          <div className="flex flex-wrap gap-2">
            <MediaChooser kind={kind} noun={words.noun} onChoose={reuse} />
            {preview ? (
              <button type="button" onClick={remove} className={`${buttonStyles.danger} mt-3`}>
                {`Remove ${words.noun}`}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      <div>
        <label htmlFor={field.id} className="block text-sm font-semibold text-slate-800">
          {urlLabel}
          <span className="font-normal text-slate-500"> (or upload above)</span>
        </label>
        <input
          {...getInputProps(field, { type: "text", ariaDescribedBy: field.descriptionId })}
          ref={urlInput}
          aria-invalid={serverErrors ? true : undefined}
          aria-describedby={`${field.descriptionId}${serverErrors ? ` ${field.errorId}` : ""}`}
          onChange={(event) => setCurrent(event.currentTarget.value || null)}
          placeholder="https://"
          autoComplete="off"
          className={`${control} min-h-11`}
        />
        <p id={field.descriptionId} className="mt-1 text-sm text-slate-600">
          {`An address starting with https://. An uploaded ${words.noun} puts its own address here when you save.${hint ? ` ${hint}` : ""}`}
        </p>
      </div>
      {altField ? (
        <div>
          <label htmlFor={altField.id} className="block text-sm font-semibold text-slate-800">
            {altLabel}
            <span className="font-normal text-slate-500">
              {kind === "photo" ? " (needed with a photo)" : " (optional)"}
            </span>
          </label>
          <input
            {...getInputProps(altField, {
              type: "text",
              ariaDescribedBy: altField.descriptionId,
            })}
            required={altRequired}
            autoComplete="off"
            className={`${control} min-h-11`}
          />
          <p id={altField.descriptionId} className="mt-1 text-sm text-slate-600">
            {altHint ??
              "What the photo shows, for people who cannot see it: for example “Aoife scores the winner against Cork”."}
          </p>
          {altField.errors?.length ? (
            <p id={altField.errorId} className="mt-1 text-sm font-medium text-red-700">
              {altField.errors.join(" ")}
            </p>
          ) : null}
        </div>
      ) : null}
      <p role="status" className="sr-only">
        {status}
      </p>
    </fieldset>
  );
}
