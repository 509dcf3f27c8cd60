import { PageHero } from "./page-hero.tsx";
import { useClubDates } from "./use-club-dates.ts";

// The frame of the privacy policy and the terms (rules §2: both marked 'Last updated', in
// the form 'July 15, 2025'): the title, the date of the text's last save, and the text
// edited in the admin (Pages), sanitised on the server.

export function LegalPage({
  title,
  html,
  updatedAt,
}: {
  title: string;
  html: string;
  updatedAt: Date;
}) {
  const { formatInClubZone } = useClubDates();
  return (
    <>
      <PageHero kicker="Legal" title={title}>
        <p>{`Last updated: ${formatInClubZone({ date: updatedAt, pattern: "MMMM d, yyyy" })}`}</p>
      </PageHero>
      <div className="bg-white">
        <div
          className="prose-club prose-bio mx-auto px-5 py-14 sm:px-8 sm:py-20"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (domain/pages)
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </div>
    </>
  );
}
