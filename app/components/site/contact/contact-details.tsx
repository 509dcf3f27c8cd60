import { MailIcon } from "../page-icons/mail.tsx";
import { PhoneIcon } from "../page-icons/phone.tsx";
import { useClub } from "../use-club.ts";

// rules §5 Contact: the club's e-mail and phone contacts (Club details, ADR 013).

export function ContactDetails() {
  const club = useClub();
  return (
    <section aria-labelledby="details-title">
      <h2 id="details-title" className="section-title text-slate-900">
        Talk to us
      </h2>
      {!club.email && club.phoneContacts.length === 0 ? (
        // decisions 35: a new club without contact details yet says so instead of an empty list.
        <p className="mt-8 text-lg text-slate-700">Please use the form on this page.</p>
      ) : null}
      <ul className="mt-8 space-y-4">
        {club.email ? (
          <li className="flex items-start gap-4 rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-club text-accent">
              <MailIcon className="size-6" />
            </span>
            <div>
              <h3 className="font-display text-xl font-bold uppercase text-slate-900">E-mail</h3>
              <a
                href={`mailto:${club.email}`}
                className="inline-flex min-h-11 items-center font-semibold break-all text-club underline underline-offset-4 hover:no-underline"
              >
                {club.email}
              </a>
            </div>
          </li>
        ) : null}
        {club.phoneContacts.map((contact) => (
          <li
            key={contact.phone}
            className="flex items-start gap-4 rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200"
          >
            <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-club text-accent">
              <PhoneIcon className="size-6" />
            </span>
            <div>
              <h3 className="font-display text-xl font-bold uppercase text-slate-900">
                {contact.role}
              </h3>
              <p className="text-slate-700">{contact.name}</p>
              <a
                href={`tel:${contact.phone.replace(/\s+/g, "")}`}
                className="inline-flex min-h-11 items-center font-semibold text-club underline underline-offset-4 hover:no-underline"
              >
                {contact.phone}
              </a>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
