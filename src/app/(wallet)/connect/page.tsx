import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getCurrentSession } from "@/features/auth/server";
import { loadFaq } from "@/features/faq/server";
import { PublicHelpPanel, pickHelpFaq } from "@/features/support";
import { safeRedirectPath } from "@/lib/safe-redirect";
import { config } from "@/server/config";
import { publicConfig } from "@/server/public-config";
import { ConnectPanel } from "./ConnectPanel";

export const metadata: Metadata = { title: "Connect your wallet" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Explains connecting and signing in, opens the modal, and sends a signed-in visitor on to `next`.
 * Below, the public help panel (issue 18): the sign-in FAQ answers and a ticket form without a session.
 */
export default async function ConnectPage({ searchParams }: Props) {
  const next = safeRedirectPath((await searchParams).next, config().origin);
  if (await getCurrentSession()) redirect(next);
  const { productName } = publicConfig();
  const faq = pickHelpFaq(await loadFaq());
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6 md:py-20">
      <h1 className="text-3xl font-semibold tracking-tight">Connect your wallet</h1>
      <p className="mt-2 text-muted">
        Sign in with your wallet to use the faucet, swaps, staking, tasks and rewards on the {productName}{" "}
        Testnet.
      </p>
      <ol className="mt-8 space-y-4">
        <Step n={1} title="Connect">
          Pick a browser wallet. Connecting only shares your public address with this site.
        </Step>
        <Step n={2} title="Sign in">
          Your wallet asks you to sign a short message. Signing proves the address is yours: it is not a
          transaction, moves no funds and costs no fees.
        </Step>
        <Step n={3} title="Continue">
          You come straight back to the page you wanted. Sign out at any time from the account menu.
        </Step>
      </ol>
      <div className="mt-10">
        <ConnectPanel next={next} />
      </div>
      <PublicHelpPanel faq={faq} mailReplies={Boolean(config().SMTP_URL)} />
    </div>
  );
}

function Step({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  return (
    <li className="flex gap-4 rounded-card border border-border bg-surface p-4">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-gold/15 font-semibold text-gold">
        {n}
      </span>
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-sm text-muted">{children}</p>
      </div>
    </li>
  );
}
