import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { type FormEvent, useState } from "react";
import { Form } from "react-router";
import {
  CHAIR_LOAN_CHOICES,
  type ClubDetails,
  type ClubForm as ClubFormValue,
  clubFormDefaults,
  clubFormSchema,
  SOCIAL_NETWORKS,
} from "../../domain/club/club.schema.ts";
import {
  checkClubColours,
  formatRatio,
  isHexColour,
  MINIMUM_TEXT_CONTRAST,
} from "../../domain/club/contrast.ts";
import { timeZoneList } from "../../domain/club/time-zones.ts";
import { videoThumbnail } from "../site/assets.ts";
import { socialNetworks } from "../site/social-icons.tsx";
import {
  buttonStyles,
  FieldError,
  FormErrors,
  NumberField,
  SaveButton,
  SelectField,
  TextAreaField,
  TextField,
} from "./form-fields.tsx";
import { ImageField } from "./image-field.tsx";
import { useListFocus } from "./resource/list-focus.ts";
import { SaveStatus, useSaveLock, useSaving } from "./resource/save-lock.tsx";
import { logoPreview } from "./sponsor-form.tsx";

// Club details (ADR 013): one form for the club's details. Lists (phone contacts, governing
// bodies, videos) always offer one empty row more; an empty row is dropped on save, and each
// row has its own Remove button (ADR 039), whatever its logo or thumbnail holds. The colours are
// checked as they are typed (announced politely) and again by the server.

export const CLUB_FORM_ID = "club-details";

/** The names the crest's and the home picture's files are posted under (ADR 037). */
export const CREST_FILE = "crestFile";
export const HERO_IMAGE_FILE = "heroImageFile";
/** The name governing body N's logo file is posted under (the route's `uploads`). */
export const governingBodyLogoFile = (index: number) => `governingBodyLogoFile${index}`;
/** The name video N's thumbnail file is posted under (the route's `uploads`). */
export const videoThumbnailFile = (index: number) => `videoThumbnailFile${index}`;

// A stored thumbnail's preview: a bundled thumbnail's name becomes its file.
const thumbnailPreview = (value: string) =>
  /^(https:\/\/|\/)/.test(value) ? value : videoThumbnail(value);
export const CLUB_FORM_HEADING_ID = "club-details-heading";

export function ClubForm({
  id,
  details,
  lastResult,
  action,
}: {
  id: string;
  details: ClubDetails;
  lastResult: SubmissionResult<string[]> | undefined;
  action: string;
}) {
  const saving = useSaving();
  const defaults = clubFormDefaults({ id, details });
  const [form, fields] = useForm<ClubFormValue>({
    id: CLUB_FORM_ID,
    lastResult,
    constraint: getZodConstraint(clubFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: clubFormSchema }),
    defaultValue: defaults,
  });
  // ADR 039: locked while its save is on its way.
  useSaveLock(form.id, saving);
  const [colours, setColours] = useState({
    primary: String(lastResult?.initialValue?.primaryColour ?? defaults.primaryColour),
    accent: String(lastResult?.initialValue?.accentColour ?? defaults.accentColour),
  });
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.name === fields.primaryColour.name) {
      setColours((current) => ({ ...current, primary: target.value.trim() }));
    } else if (target.name === fields.accentColour.name) {
      setColours((current) => ({ ...current, accent: target.value.trim() }));
    }
  };
  const phoneRows = fields.phoneContacts.getFieldList();
  const bodyRows = fields.governingBodies.getFieldList();
  const videoRows = fields.shortVideos.getFieldList();
  const phoneFocus = useListFocus({
    listId: "club-phone-contacts",
    count: phoneRows.length,
    fallbackId: "club-phone-contacts-hint",
  });
  const bodyFocus = useListFocus({
    listId: "club-governing-bodies",
    count: bodyRows.length,
    fallbackId: "club-governing-bodies-hint",
  });
  const videoFocus = useListFocus({
    listId: "club-videos",
    count: videoRows.length,
    fallbackId: "club-videos-hint",
  });
  const removeButton = (
    list: string,
    index: number,
    label: string,
    removed: (i: number) => void,
  ) => (
    <button
      {...form.remove.getButtonProps({ name: list, index })}
      onClick={() => removed(index)}
      className={`${buttonStyles.danger} justify-self-start`}
    >
      {`Remove ${label}`}
    </button>
  );

  return (
    <section
      aria-labelledby={CLUB_FORM_HEADING_ID}
      className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2
        id={CLUB_FORM_HEADING_ID}
        tabIndex={-1}
        className="font-display text-2xl font-bold uppercase text-slate-900"
      >
        Edit club details
      </h2>
      <Form
        method="post"
        action={action}
        encType="multipart/form-data"
        {...getFormProps(form)}
        onInput={onInput}
        className="mt-5 space-y-8"
      >
        {/* Enter in a text field saves (the first submit button is the form's default, and
            each row's Remove button is a submit button too). */}
        <button type="submit" name="intent" value="save" hidden tabIndex={-1} />
        <input {...getInputProps(fields.id, { type: "hidden" })} />
        <FormErrors id={form.errorId} errors={form.errors} />

        <Group legend="The club">
          <TextField field={fields.name} label="Club name" autoComplete="organization" />
          <TextField
            field={fields.shortName}
            label="Short name"
            hint="In the header, page titles and e-mails."
          />
          <TextField field={fields.tagline} label="Tagline" />
          <NumberField field={fields.founded} label="Founding year" min={1850} max={2200} />
          <TextField
            field={fields.league}
            label="League"
            hint="The league the team plays in, as the home page names it. Leave empty to leave it out."
          />
          <TextField
            field={fields.teamName}
            label="Team name"
            hint="The home team in every fixture, the league table and calendars."
          />
          <SelectField
            field={fields.timeZone}
            label="Time zone"
            hint="Every date and time on the site is shown, and entered, in this zone."
            options={zoneOptions(details.timeZone)}
          />
          <TextField
            field={fields.url}
            type="url"
            label="The site's public address"
            hint="Used in links that leave the site: feeds, the sitemap, link previews, calendars."
            placeholder="https://"
          />
        </Group>

        <Group legend="Crest and home picture">
          <div className="sm:col-span-2">
            <ImageField
              field={fields.crest}
              fileName={CREST_FILE}
              kind="logo"
              legend="Crest"
              urlLabel="Crest URL"
              hint="Shown in the header and footer and made into the browser and phone icons. A square image of at least 512 × 512 pixels works best."
            />
          </div>
          <div className="sm:col-span-2">
            <ImageField
              field={fields.heroImage}
              fileName={HERO_IMAGE_FILE}
              kind="photo"
              legend="Home page picture"
              urlLabel="Home page picture URL"
              altField={fields.heroImageAlt}
              hint="Without one, the home page shows a drawing of a match."
            />
          </div>
        </Group>

        <Group legend="Colours">
          <p className="text-sm text-slate-600 sm:col-span-2">
            As # and six hexadecimal digits. White text sits on the primary colour (the header,
            buttons); the accent sits on the dark header. Each pair needs a contrast of at least{" "}
            {MINIMUM_TEXT_CONTRAST}:1 so everyone can read it.
          </p>
          <ColourField
            field={fields.primaryColour}
            label="Primary colour"
            value={colours.primary}
          />
          <ColourField field={fields.accentColour} label="Accent colour" value={colours.accent} />
          <ContrastReport primary={colours.primary} accent={colours.accent} />
        </Group>

        <Group legend="Contact">
          <TextField field={fields.email} type="email" label="Club e-mail" autoComplete="email" />
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-semibold text-slate-800">Phone contacts</legend>
            <p id="club-phone-contacts-hint" tabIndex={-1} className="text-sm text-slate-600">
              Shown on the contact page. Fill in the empty row to add one; Remove takes a row away.
            </p>
            <ol id="club-phone-contacts" className="mt-3 space-y-4">
              {phoneRows.map((row, index) => {
                const cells = row.getFieldset();
                return (
                  <li key={row.key}>
                    <fieldset className="grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-3">
                      <legend className="sr-only">Phone contact {index + 1}</legend>
                      <TextField field={cells.role} label={`Role ${index + 1}`} />
                      <TextField field={cells.name} label={`Name ${index + 1}`} />
                      <TextField field={cells.phone} label={`Phone ${index + 1}`} />
                      {removeButton(
                        fields.phoneContacts.name,
                        index,
                        `phone contact ${index + 1}`,
                        phoneFocus.removed,
                      )}
                    </fieldset>
                  </li>
                );
              })}
            </ol>
            <FieldError field={fields.phoneContacts} />
          </fieldset>
        </Group>

        <Group legend="Address and map">
          <TextField field={fields.venue} label="Venue" />
          <TextField field={fields.street} label="Street" autoComplete="street-address" />
          <TextField field={fields.locality} label="Town or city" />
          <TextField field={fields.postcode} label="Postcode" />
          <TextField field={fields.country} label="Country" />
          <div className="hidden sm:block" />
          <TextField
            field={fields.latitude}
            label="Map latitude"
            hint="For example 52.6747 (north is positive)."
          />
          <TextField
            field={fields.longitude}
            label="Map longitude"
            hint="For example -8.5733 (west is negative)."
          />
        </Group>

        <Group legend="Social links">
          <p className="text-sm text-slate-600 sm:col-span-2">
            Each is optional; the footer shows the ones you set.
          </p>
          {SOCIAL_NETWORKS.map((network) => (
            <TextField
              key={network}
              field={fields[network]}
              type="url"
              label={socialNetworks[network].label}
              placeholder="https://"
            />
          ))}
        </Group>

        <Group legend="Governing bodies">
          <div className="sm:col-span-2">
            <p id="club-governing-bodies-hint" tabIndex={-1} className="text-sm text-slate-600">
              In the footer. Logo: upload one or enter its https address; without one the name is
              shown. Fill in the empty row to add one; Remove takes a row away, logo and all.
            </p>
            <ol id="club-governing-bodies" className="mt-3 space-y-4">
              {bodyRows.map((row, index) => {
                const cells = row.getFieldset();
                return (
                  <li key={row.key}>
                    <fieldset className="grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-2">
                      <legend className="sr-only">Governing body {index + 1}</legend>
                      <TextField field={cells.name} label={`Body name ${index + 1}`} />
                      <TextField
                        field={cells.href}
                        type="url"
                        label={`Body link ${index + 1}`}
                        placeholder="https://"
                      />
                      <div className="sm:col-span-2">
                        <ImageField
                          field={cells.logo}
                          fileName={governingBodyLogoFile(index)}
                          kind="logo"
                          legend={`Body logo ${index + 1}`}
                          urlLabel={`Body logo ${index + 1} URL`}
                          previewOf={logoPreview}
                        />
                      </div>
                      {removeButton(
                        fields.governingBodies.name,
                        index,
                        `governing body ${index + 1}`,
                        bodyFocus.removed,
                      )}
                    </fieldset>
                  </li>
                );
              })}
            </ol>
            <FieldError field={fields.governingBodies} />
          </div>
        </Group>

        <Group legend="Home page videos">
          <div className="sm:col-span-2">
            <p id="club-videos-hint" tabIndex={-1} className="text-sm text-slate-600">
              Short TikTok videos on the home page, from the TikTok link above. Video number: the
              digits at the end of the video's address. Thumbnail: upload a picture (upright, like
              the video) or enter its https address; without one the video shows as a tile in the
              club's colours. Fill in the empty row to add one; Remove takes a row away, thumbnail
              and all.
            </p>
            <ol id="club-videos" className="mt-3 space-y-4">
              {videoRows.map((row, index) => {
                const cells = row.getFieldset();
                return (
                  <li key={row.key}>
                    <fieldset className="grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-2">
                      <legend className="sr-only">Video {index + 1}</legend>
                      <TextField field={cells.id} label={`Video number ${index + 1}`} />
                      <TextField field={cells.title} label={`Video title ${index + 1}`} />
                      <div className="sm:col-span-2">
                        <ImageField
                          field={cells.thumbnail}
                          fileName={videoThumbnailFile(index)}
                          kind="photo"
                          legend={`Video thumbnail ${index + 1}`}
                          urlLabel={`Video thumbnail ${index + 1} URL`}
                          previewOf={thumbnailPreview}
                        />
                      </div>
                      {removeButton(
                        fields.shortVideos.name,
                        index,
                        `video ${index + 1}`,
                        videoFocus.removed,
                      )}
                    </fieldset>
                  </li>
                );
              })}
            </ol>
            <FieldError field={fields.shortVideos} />
          </div>
        </Group>

        <Group legend="Sponsors page">
          <div className="sm:col-span-2">
            <TextAreaField
              field={fields.sponsorPitch}
              label="Become a Sponsor text"
              rows={4}
              hint="Above the Become a Sponsor button on /sponsors. A blank line starts a new paragraph."
            />
          </div>
        </Group>

        <Group legend="Come and try">
          <div className="sm:col-span-2">
            <SelectField
              field={fields.chairLoan}
              label="Can the club lend a powerchair?"
              options={CHAIR_LOAN_CHOICES}
              hint="Said on /come-and-try, where new players ask for a taster session."
            />
          </div>
        </Group>

        <Group legend="Analytics">
          <TextField
            field={fields.analyticsId}
            label="Google Analytics measurement id"
            hint="Like G-ABC123DEF4. Loaded only after a visitor accepts cookies. The ANALYTICS_ID environment variable, when set, wins."
            autoComplete="off"
          />
        </Group>
        <div className="flex flex-wrap items-center gap-3">
          <SaveButton saving={saving}>Save club details</SaveButton>
          <SaveStatus saving={saving} />
        </div>
      </Form>
    </section>
  );
}

// The engine's IANA list, plus the saved zone should this browser not list it (e.g. "UTC").
function zoneOptions(saved: string) {
  const zones = timeZoneList();
  return (zones.includes(saved) ? zones : [saved, ...zones]).map((zone) => ({
    value: zone,
    label: zone.replaceAll("_", " "),
  }));
}

function Group({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid gap-4 border-t border-slate-200 pt-5 sm:grid-cols-2">
      <legend className="float-left mb-2 w-full font-display text-xl font-bold uppercase text-slate-900 sm:col-span-2">
        {legend}
      </legend>
      {children}
    </fieldset>
  );
}

function ColourField({
  field,
  label,
  value,
}: {
  field: Parameters<typeof TextField>[0]["field"];
  label: string;
  value: string;
}) {
  return (
    <div className="flex items-end gap-3">
      <div className="flex-1">
        <TextField field={field} label={label} autoComplete="off" placeholder="#0b3d5c" />
      </div>
      <span
        aria-hidden="true"
        className="mb-1 size-10 shrink-0 rounded-md ring-1 ring-slate-300"
        style={{ background: isHexColour(value) ? value : "transparent" }}
      />
    </div>
  );
}

// The live check: what the server will say, as the colours are typed (a polite live region).
function ContrastReport({ primary, accent }: { primary: string; accent: string }) {
  const checks = checkClubColours({ primary, accent });
  return (
    <div className="sm:col-span-2">
      <h3 className="text-sm font-semibold text-slate-800">Contrast check</h3>
      <div role="status">
        <ul className="mt-2 space-y-1 text-sm">
          {checks.length === 0 ? (
            <li className="text-slate-600">Enter both colours as #rrggbb to check them.</li>
          ) : (
            checks.map((check) => (
              <li
                key={check.label}
                className={check.passes ? "text-green-800" : "font-semibold text-red-700"}
              >
                {check.label}: {formatRatio(check.ratio)},{" "}
                {check.passes ? "passes" : `too low (needs ${MINIMUM_TEXT_CONTRAST}:1)`}.
              </li>
            ))
          )}
        </ul>
      </div>
    </div>
  );
}
