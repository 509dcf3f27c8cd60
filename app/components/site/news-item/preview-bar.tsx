import type { ReactNode } from "react";

// ADR 034: the bar above a news item's preview, so nobody takes it for the public page.

export function PreviewBar({ status, children }: { status: string; children?: ReactNode }) {
  return (
    <section
      aria-labelledby="preview-bar-title"
      className="border-b-4 border-amber-500 bg-amber-100 text-amber-950"
    >
      <div className="mx-auto flex max-w-4xl flex-wrap items-center gap-x-6 gap-y-2 px-5 py-3 sm:px-8">
        <h2 id="preview-bar-title" className="font-display text-lg font-bold uppercase">
          Preview
        </h2>
        <p className="text-sm font-medium">{`${status}: this is how the story will look. It is not on the website.`}</p>
        {children}
      </div>
    </section>
  );
}
