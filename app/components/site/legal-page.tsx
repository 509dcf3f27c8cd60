import type { ReactNode } from "react";
import { LEGAL_LAST_UPDATED } from "../../domain/site/content.ts";
import { PageHero } from "./page-hero.tsx";

// The frame of the privacy policy and the terms (rules §2: both marked 'Last updated: July
// 15, 2025').

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <PageHero kicker="Legal" title={title}>
        <p>Last updated: {LEGAL_LAST_UPDATED}</p>
      </PageHero>
      <div className="bg-white">
        <div className="prose-club mx-auto px-5 py-14 sm:px-8 sm:py-20">{children}</div>
      </div>
    </>
  );
}
