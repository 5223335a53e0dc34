import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isReferralCode, normalizeReferralCode } from "@/features/auth";
import { LandingPage } from "@/features/landing";
import { InviteNote, LiveFigures } from "@/features/landing/server";
import { publicConfig } from "@/server/public-config";

type Props = { params: Promise<{ ref: string }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ref } = await params;
  const { productName } = publicConfig();
  // An invalid segment renders [ref]/not-found.tsx; its title is set there.
  if (!isReferralCode(ref)) return {};
  // Every well-formed code (~10^12 of them) is a copy of the landing page: kept out of search
  // indexes, which list `/` itself; its links are still followed.
  return {
    title: `You're invited · ${productName} Testnet campaign`,
    robots: { index: false, follow: true },
  };
}

/**
 * `/:ref` — the seed's route with a validate step: a well-formed referral code shows the landing
 * page (and stores the code); anything else is a fatal 404 "Page Not Found: /{segment}".
 * Static routes (/swap, /faq, …) take precedence over this segment in Next's routing.
 */
export default async function ReferralLanding({ params }: Props) {
  const { ref } = await params;
  if (!isReferralCode(ref)) notFound();
  const settings = publicConfig();
  return (
    <LandingPage
      settings={settings}
      notice={<InviteNote code={normalizeReferralCode(ref)} />}
      figures={<LiveFigures chainId={settings.chainId} />}
    />
  );
}
