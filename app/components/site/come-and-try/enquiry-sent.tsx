import { Link } from "react-router";
import { ENQUIRY_CONFIRMATION } from "../../../domain/contact/come-and-try.ts";
import { SentPanel } from "../contact/form-parts.tsx";

// rules §5 Come and try form: the reply page: the enquiry is in, and what happens next.

export function EnquirySent() {
  return (
    <SentPanel id="enquiry-sent" title={ENQUIRY_CONFIRMATION.title}>
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
    </SentPanel>
  );
}
