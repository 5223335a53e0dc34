"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { AccountName } from "@/features/names";
import { formatPoints } from "@/features/points";
import { usePageData } from "@/lib/page-data-block";
import { Button, Card, EmptyState, Skeleton } from "@/ui";
import { CopyButton } from "@/ui/CopyButton";
import { referralsQueryOptions } from "../queries";
import type { FriendsPageData, FriendView, ReferralRules } from "../schema";

/**
 * `initial`: the page's own server read (a normal render). `fromDocument`: the signed-in shell
 * (docs/ARCHITECTURE.md, "Rendering and CSP"): the same read arrives in the document's page-data
 * block, read after hydration (src/lib/page-data-block.ts); `rules` (the same for everyone) are in
 * the shell's HTML.
 */
export type FriendsPanelProps = { initial: FriendsPageData } | { fromDocument: true; rules: ReferralRules };

function ShareButton({ link }: { link: string }) {
  // Web Share exists on phones and some desktops; only known after mount (no hydration mismatch).
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator !== "undefined" && typeof navigator.share === "function"), []);
  if (!canShare) return null;
  return (
    <Button
      size="sm"
      variant="secondary"
      onClick={() => navigator.share({ title: "Join me on the testnet", url: link }).catch(() => undefined)}
    >
      Share
    </Button>
  );
}

/** `/friends`: the invite link (copy, share, QR), the rules and the friends who joined. */
export function FriendsPanel(props: FriendsPanelProps) {
  const fromDocument = "fromDocument" in props;
  const seed = usePageData<FriendsPageData>("/friends", fromDocument);
  if (!fromDocument) return <Panel initial={props.initial} />;
  // The shell's HTML and its hydration: skeletons and the rules. The query starts only with the
  // data, so it is its initial data and nothing is fetched.
  if (seed === undefined) return <PanelSkeleton rules={props.rules} />;
  return <Panel initial={seed?.data} updatedAt={seed?.at} />;
}

function Panel({ initial, updatedAt }: { initial?: FriendsPageData; updatedAt?: number }) {
  const { data, isError } = useQuery({
    ...referralsQueryOptions(),
    initialData: initial?.me,
    initialDataUpdatedAt: updatedAt,
  });
  // Drawn on the server only: without a hand-over (a failed one) there is no code; the link stays.
  const qrSvg = initial?.qrSvg;
  if (!data) {
    if (isError)
      return (
        <EmptyState
          title="Your invite link could not be loaded"
          description="The server did not answer. Reload the page in a moment."
        />
      );
    return <PanelSkeleton rules={null} />;
  }
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card title="Your invite link">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
          {qrSvg ? (
            <div
              className="mx-auto w-44 shrink-0 overflow-hidden rounded-control bg-text sm:mx-0 [&>svg]:h-auto [&>svg]:w-full"
              role="img"
              aria-label="QR code of your invite link"
              data-testid="referral-qr"
              // Trusted markup: produced on our server by the qrcode package from our own link.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: generated SVG, no user input
              dangerouslySetInnerHTML={{ __html: qrSvg }}
            />
          ) : null}
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <div className="flex items-center gap-2 rounded-control border border-border bg-raised px-3 py-2">
              <code className="min-w-0 flex-1 truncate font-id text-sm text-text" data-testid="referral-link">
                {data.link}
              </code>
              <CopyButton value={data.link} label="invite link" />
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <ShareButton link={data.link} />
              <span className="text-sm text-muted">
                Code <span className="font-id font-semibold tracking-wider text-gold">{data.code}</span>
              </span>
            </div>
            <dl className="mt-2 grid grid-cols-3 gap-3 text-sm">
              <div>
                <dt className="text-muted">Friends</dt>
                <dd className="tabular mt-1 text-xl font-semibold text-text" data-testid="friends-count">
                  {data.friendsCount}
                </dd>
              </div>
              <div>
                <dt className="text-muted">Qualified</dt>
                <dd className="tabular mt-1 text-xl font-semibold text-text" data-testid="friends-qualified">
                  {data.qualifiedCount}
                </dd>
              </div>
              <div>
                <dt className="text-muted">Your bonus</dt>
                <dd className="tabular mt-1 text-xl font-semibold text-gold" data-testid="friends-bonus">
                  {formatPoints(data.totalBonus)}
                </dd>
              </div>
            </dl>
          </div>
        </div>
      </Card>

      <HowItWorks rules={data} />

      <Card title="Friends" className="lg:col-span-2">
        {data.friends.length === 0 ? (
          <EmptyState
            title="No friends yet"
            description="Send your link to a friend; they appear here after their first sign-in."
          />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="friends-list">
              <thead>
                <tr className="border-b border-border text-left text-xs text-muted">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Friend
                  </th>
                  <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                    Joined
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Their points
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Your bonus
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.friends.map((f) => (
                  <tr
                    key={`${f.address}-${f.joinedAt}`}
                    className="border-b border-border/60 last:border-0"
                    data-testid="friend-row"
                  >
                    <td className="py-2 pr-3 text-text">
                      <AccountName address={f.address} name={f.name} />
                      <FriendState friend={f} />
                      <span className="block font-sans text-xs text-muted sm:hidden">
                        joined {f.joinedAt.slice(0, 10)}
                      </span>
                    </td>
                    <td className="hidden py-2 pr-3 text-muted sm:table-cell">{f.joinedAt.slice(0, 10)}</td>
                    <td className="tabular py-2 pr-3 text-right text-text">{formatPoints(f.points)}</td>
                    <td className="tabular py-2 text-right text-gold" data-testid="friend-bonus">
                      {formatPoints(f.bonus)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}

/** Qualified, excluded, or pending with what the friend still has to do. */
function FriendState({ friend: f }: { friend: FriendView }) {
  if (f.qualified) {
    return (
      <span className="ml-2 font-sans text-xs text-success" data-testid="friend-state" data-state="qualified">
        qualified
      </span>
    );
  }
  if (f.excluded) {
    return (
      <span className="ml-2 font-sans text-xs text-danger" data-testid="friend-state" data-state="excluded">
        excluded from the campaign
      </span>
    );
  }
  const todo: string[] = [];
  const left = f.onchainTypesNeeded - f.onchainTypesDone;
  if (left > 0) todo.push(`${left} more on-chain task type${left === 1 ? "" : "s"}`);
  const waitMs = new Date(f.eligibleAt).getTime() - Date.now();
  if (waitMs > 0) todo.push(`wait until ${f.eligibleAt.slice(0, 16).replace("T", " ")} UTC`);
  return (
    <span className="block font-sans text-xs text-warning" data-testid="friend-state" data-state="pending">
      pending{todo.length ? `: ${todo.join(", ")}` : ""}
    </span>
  );
}

/** The rules, the same for everyone (so also in the signed-in shell's HTML). */
function HowItWorks({ rules }: { rules: ReferralRules }) {
  return (
    <Card title="How it works">
      <ol className="list-decimal space-y-2 pl-5 text-sm text-muted">
        <li>
          Share your link. A friend who opens it and signs in for the first time is bound to you — once, for
          good.
        </li>
        <li>
          You earn <span className="font-semibold text-text">{rules.sharePercent} %</span> of the points your
          friends earn from tasks, as bonus points of your own.
        </li>
        <li>
          A friend is pending until they qualify: {rules.rule.taskTypes} different on-chain tasks (swap,
          stake, liquidity…; the faucet claim alone does not count) and {rules.rule.hours} hours since their
          first sign-in. Then your bonus starts, their earlier tasks count too, and they count for the invite
          task.
        </li>
        <li>Existing accounts cannot be re-invited, and you cannot invite yourself.</li>
      </ol>
    </Card>
  );
}

/** The panel before the user's data: their link, figures and friends as skeletons of their size. */
function PanelSkeleton({ rules }: { rules: ReferralRules | null }) {
  return (
    <div
      className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
      data-testid="friends-skeleton"
    >
      <Card title="Your invite link">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <Skeleton
            className="mx-auto block aspect-square w-44 shrink-0 sm:mx-0"
            label="Loading your QR code"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <Skeleton className="h-[50px] w-full" label="Loading your invite link" />
            <Skeleton className="h-5 w-32" />
            <Skeleton className="mt-2 h-12 w-full" label="Loading your friends' figures" />
          </div>
        </div>
      </Card>
      {rules ? (
        <HowItWorks rules={rules} />
      ) : (
        <Card title="How it works">
          <Skeleton className="h-32 w-full" />
        </Card>
      )}
      <Card title="Friends" className="lg:col-span-2">
        <Skeleton className="h-24 w-full" label="Loading your friends" />
      </Card>
    </div>
  );
}
