"use client";

import { useQuery } from "@tanstack/react-query";
import { formatNumber } from "@/lib/format";
import { useFormat } from "@/lib/locale";
import { Card, PageLink, Skeleton } from "@/ui";
import { adminApi, when } from "./api";
import { ErrorText, Stat, Table, td, Who } from "./ui";

type Faucet = {
  balances: { asset: string; amount: string }[] | null;
  drips: { asset: string; amount: string }[];
  cooldownSeconds: number;
  queue: { status: string; count: number; oldestAt: string | null }[];
  recent: {
    id: string;
    address: string;
    name: string | null;
    status: string;
    createdAt: string;
    payments: { asset: string; amount: string }[];
  }[];
};

export function FaucetScreen() {
  const { locale } = useFormat();
  const q = useQuery({
    queryKey: ["admin", "faucet"],
    queryFn: () => adminApi<Faucet>("/api/admin/faucet"),
    refetchInterval: 15_000,
  });
  if (!q.data)
    return q.error ? (
      <ErrorText error={q.error} />
    ) : (
      <Skeleton className="h-60 w-full" label="Loading the faucet" />
    );
  const f = q.data;
  const queued = f.queue.find((x) => x.status === "queued");
  return (
    <div className="flex flex-col gap-6">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {f.balances ? (
          f.balances.map((b) => (
            <Stat
              key={b.asset}
              label={`Balance ${b.asset}`}
              value={formatNumber(Number(b.amount), { locale, truncate: true })}
            />
          ))
        ) : (
          <Stat label="Balances" value="—" hint="the chain did not answer; try again shortly" />
        )}
        <Stat
          label="Queued claims"
          value={queued?.count ?? 0}
          hint={queued?.oldestAt ? `oldest ${when(queued.oldestAt)}` : undefined}
        />
      </div>
      <Card title="Drip and cooldown">
        <p className="text-sm">
          {f.drips.map((d) => `${d.amount} ${d.asset}`).join(" · ")} every{" "}
          {Math.round(f.cooldownSeconds / 3600)} h.{" "}
          <PageLink className="text-gold underline" href="/admin/settings">
            Change them in Settings
          </PageLink>
          .
        </p>
      </Card>
      <Card title="Recent claims">
        {f.recent.length ? (
          <Table caption="Recent claims" head={["When", "Participant", "Status", "Paid"]}>
            {f.recent.map((r) => (
              <tr key={r.id}>
                <td className={td}>{when(r.createdAt)}</td>
                <td className={td}>
                  <Who address={r.address} name={r.name} />
                </td>
                <td className={td}>{r.status}</td>
                <td className={td}>{r.payments.map((p) => `${p.amount} ${p.asset}`).join(", ")}</td>
              </tr>
            ))}
          </Table>
        ) : (
          <p className="text-sm text-muted">
            No claims yet. They appear here as soon as participants use the faucet.
          </p>
        )}
      </Card>
    </div>
  );
}
