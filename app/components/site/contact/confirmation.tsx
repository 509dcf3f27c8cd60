import { Link } from "react-router";
import { CONFIRMATION } from "../../../domain/contact/rules.ts";
import { SentPanel } from "./form-parts.tsx";

// rules §5 Contact form: the message was sent; the heading takes focus so it is announced.

export function Confirmation() {
  return (
    <SentPanel id="message-sent" title={CONFIRMATION.title}>
      <p className="mt-3 text-lg text-slate-800">{CONFIRMATION.text}</p>
      <p className="mt-6">
        <Link to="/contact" className="button-secondary">
          Send another message
        </Link>
      </p>
    </SentPanel>
  );
}
