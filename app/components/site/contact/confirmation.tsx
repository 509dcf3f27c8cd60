import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { CONFIRMATION } from "../../../domain/contact/rules.ts";
import { CheckIcon } from "../page-icons/check.tsx";

// rules §5 Contact form: the message was sent; the heading takes focus so it is announced.

export function Confirmation() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <section
      id="message-sent"
      aria-labelledby="message-sent-title"
      className="self-start rounded-2xl border-l-8 border-green-700 bg-green-50 p-8"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-green-700 text-white">
        <CheckIcon className="size-8" />
      </span>
      <h2
        id="message-sent-title"
        ref={headingRef}
        tabIndex={-1}
        className="mt-5 font-display text-3xl font-extrabold uppercase text-slate-900"
      >
        {CONFIRMATION.title}
      </h2>
      <p className="mt-3 text-lg text-slate-800">{CONFIRMATION.text}</p>
      <p className="mt-6">
        <Link to="/contact" className="button-secondary">
          Send another message
        </Link>
      </p>
    </section>
  );
}
