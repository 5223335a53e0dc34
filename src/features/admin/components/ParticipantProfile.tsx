"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatInteger } from "@/lib/format";
import { useFormat } from "@/lib/locale";
import { Button, Card, Field, Input, Skeleton } from "@/ui";
import { adminApi, NOT_SIGNED_IN, newKey, when } from "./api";
import { ErrorText, Stat, Table, td, Who, whoText } from "./ui";

type Profile = {
  address: string;
  name: string | null;
  referralCode: string;
  referrer: string | null;
  referrerName: string | null;
  /** Null: added by the points import, not signed in yet. */
  joinedAt: string | null;
  points: number;
  ledger: {
    id: number;
    points: number;
    reason: string;
    source: string;
    taskId: string | null;
    createdAt: string;
  }[];
  tasks: { taskId: string; completions: number; lastAt: string }[];
  faucetClaims: { id: string; status: string; createdAt: string }[];
  referrals: { address: string; name: string | null; joinedAt: string }[];
  sessions: { createdAt: string; expiresAt: string }[];
};

export function ParticipantProfile({ address, canAdjust }: { address: string; canAdjust: boolean }) {
  const { locale } = useFormat();
  const q = useQuery({
    queryKey: ["admin", "participant", address],
    queryFn: () => adminApi<Profile>(`/api/admin/participants/${address}`),
  });
  if (q.error) return <ErrorText error={q.error} />;
  if (!q.data) return <Skeleton className="h-60 w-full" label="Loading the profile" />;
  const p = q.data;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-lg" data-testid="participant-who">
        <Who address={p.address} name={p.name} full />
      </p>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat
          label="Points"
          value={<span data-testid="participant-points">{formatInteger(p.points, locale)}</span>}
        />
        <Stat label="Referral code" value={<span className="font-id text-lg">{p.referralCode}</span>} />
        <Stat label="Friends invited" value={p.referrals.length} />
        <Stat
          label="Joined"
          value={<span className="text-base">{p.joinedAt ? when(p.joinedAt) : NOT_SIGNED_IN}</span>}
          hint={p.referrer ? `invited by ${whoText(p.referrer, p.referrerName)}` : undefined}
        />
      </div>
      <p className="text-sm text-muted">
        Exclusion and the integrity score are on the{" "}
        <a className="text-gold underline" href={`/admin/integrity?address=${p.address}`}>
          Integrity
        </a>{" "}
        screen.
      </p>
      {canAdjust ? <AdjustPoints address={p.address} /> : null}
      <Card title="Points history">
        {p.ledger.length ? (
          <Table caption="Points history" head={["When", "Points", "Source", "Reason"]}>
            {p.ledger.map((l) => (
              <tr key={l.id}>
                <td className={td}>{when(l.createdAt)}</td>
                <td className={`${td} tabular ${l.points < 0 ? "text-danger" : ""}`}>
                  {l.points > 0 ? `+${l.points}` : l.points}
                </td>
                <td className={td}>{l.source}</td>
                <td className={td}>{l.reason}</td>
              </tr>
            ))}
          </Table>
        ) : (
          <p className="text-sm text-muted">No points yet.</p>
        )}
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Tasks">
          {p.tasks.length ? (
            <ul className="flex flex-col gap-1 text-sm">
              {p.tasks.map((t) => (
                <li key={t.taskId}>
                  {t.taskId} · {t.completions}× · last {when(t.lastAt)}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted">No task completed.</p>
          )}
        </Card>
        <Card title="Faucet claims">
          {p.faucetClaims.length ? (
            <ul className="flex flex-col gap-1 text-sm">
              {p.faucetClaims.map((c) => (
                <li key={c.id}>
                  {when(c.createdAt)} · {c.status}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted">No faucet claim.</p>
          )}
        </Card>
        <Card title="Referrals">
          {p.referrals.length ? (
            <ul className="flex flex-col gap-2 text-xs">
              {p.referrals.map((r) => (
                <li key={r.address} className="flex flex-wrap items-baseline gap-x-2">
                  <Who address={r.address} name={r.name} full />
                  <span className="text-muted">{when(r.joinedAt)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted">Nobody joined with this participant's link.</p>
          )}
        </Card>
        <Card title="Sessions">
          {p.sessions.length ? (
            <ul className="flex flex-col gap-1 text-sm">
              {p.sessions.map((s) => (
                <li key={s.createdAt}>
                  signed in {when(s.createdAt)} · until {when(s.expiresAt)}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted">No live session.</p>
          )}
        </Card>
      </div>
    </div>
  );
}

function AdjustPoints({ address }: { address: string }) {
  const qc = useQueryClient();
  const [points, setPoints] = useState("");
  const [reason, setReason] = useState("");
  const [key, setKey] = useState(newKey);
  const [done, setDone] = useState<string | null>(null);
  const m = useMutation({
    mutationFn: () =>
      adminApi<{ credited: boolean }>(`/api/admin/participants/${address}/points`, {
        method: "POST",
        body: { points: Number(points), reason },
        idempotencyKey: key,
      }),
    onSuccess: () => {
      setDone(`${Number(points) > 0 ? "+" : ""}${points} points recorded.`);
      setPoints("");
      setReason("");
      setKey(newKey());
      void qc.invalidateQueries({ queryKey: ["admin", "participant", address] });
    },
  });
  const valid = /^-?\d{1,7}$/.test(points) && Number(points) !== 0 && reason.trim().length >= 3;
  return (
    <Card title="Adjust points">
      <form
        className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          setDone(null);
          if (valid) m.mutate();
        }}
      >
        <Field label="Points (negative to remove)">
          {({ id }) => (
            <Input
              id={id}
              inputMode="numeric"
              value={points}
              onChange={(e) => setPoints(e.target.value.trim())}
              placeholder="100"
            />
          )}
        </Field>
        <Field label="Reason (required)">
          {({ id }) => (
            <Input
              id={id}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={200}
              placeholder="Bug bounty report #12"
            />
          )}
        </Field>
        <Button type="submit" disabled={!valid || m.isPending}>
          {m.isPending ? "Saving…" : "Record adjustment"}
        </Button>
      </form>
      <p className="mt-2 text-xs text-muted">
        An adjustment is a new ledger entry, logged in the audit log; the balance never goes below zero.
      </p>
      <div className="mt-2">
        <ErrorText error={m.error} />
        {done ? (
          <p role="status" className="text-sm text-success">
            {done}
          </p>
        ) : null}
      </div>
    </Card>
  );
}
