import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { ENQUIRY_CONFIRMATION } from "../../../domain/contact/come-and-try.ts";
import { CheckIcon } from "../page-icons/check.tsx";

// rules §5 Come and try form: the reply page: the enquiry is in, and what happens next. The
// heading takes focus so it is announced.

export function EnquirySent() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <section
      id="enquiry-sent"
      aria-labelledby="enquiry-sent-title"
      className="self-start rounded-2xl border-l-8 border-green-700 bg-green-50 p-6 sm:p-8"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-green-700 text-white">
        <CheckIcon className="size-8" />
      </span>
      <h2
        id="enquiry-sent-title"
        ref={headingRef}
        tabIndex={-1}
        className="mt-5 font-display text-3xl font-extrabold uppercase text-slate-900"
      >
        {ENQUIRY_CONFIRMATION.title}
      </h2>
      <h3 className="mt-4 font-display text-xl font-bold uppercase text-slate-900">
        What happens next
      </h3>
      <ol className="mt-2 list-decimal space-y-2 pl-6 text-lg text-slate-800">
        {ENQUIRY_CONFIRMATION.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="mt-6 flex flex-wrap gap-3">
        <Link to="/events" className="button-secondary">
          See the club calendar
        </Link>
        <Link to="/" className="button-secondary">
          Back to the home page
        </Link>
      </p>
    </section>
  );
}
