import { LegalPage } from "../../components/site/legal-page.tsx";
import { pageMeta } from "../../components/site/page-meta.ts";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { readPageTexts } from "../../domain/pages/pages.server.ts";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches }) => {
  const club = clubFromMatches(matches);
  return pageMeta({
    club,
    title: "Privacy Policy",
    description: `How ${club.name} handles your personal data: contact messages, cookies, analytics with your consent, and your rights.`,
    path: "/privacy-policy",
  });
};

// rules §2 Privacy policy and Terms: the text is edited in the admin (Pages); 'Last updated'
// is the day of its last save (July 15, 2025 until the club saves its own).
export async function loader() {
  const texts = await readPageTexts(["privacy"]);
  return texts.privacy;
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage title="Privacy Policy" html={loaderData.html} updatedAt={loaderData.updatedAt} />
  );
}

export function ErrorBoundary() {
  return <SiteErrorBoundary />;
}
