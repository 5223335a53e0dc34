"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatInteger } from "@/lib/format";
import { useFormat } from "@/lib/locale";
import { Button, Card, cn } from "@/ui";
import { formatDate, formatTokenAmount } from "../format";
import { airdropKeys, postJson } from "../queries";
import type { AdminRound } from "../schema";
import { SimulationView } from "./SimulationView";

const STEPS = ["draft", "frozen", "deployed", "funded", "published"] as const;

type Action = "publish" | "sweep" | "delete";

/** The irreversible actions ask first: what happens, and that it cannot be undone. */
function ConfirmStep({
  text,
  confirm,
  busy,
  onConfirm,
  onCancel,
}: {
  text: string;
  confirm: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <fieldset className="mt-4 rounded-control border border-danger p-3">
      <legend className="sr-only">Confirm</legend>
      <p className="text-sm text-text">{text}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="danger" disabled={busy} onClick={onConfirm}>
          {busy ? "Working…" : confirm}
        </Button>
        <Button size="sm" variant="secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </fieldset>
  );
}

/**
 * One round in the console: progress, transactions, the last error, and its actions. Delete is
 * offered only while no distributor can exist (a draft, or frozen with no publish job queued or
 * running); the server checks the same and more (docs/airdrop.md "Deleting a round").
 */
export function RoundAdminCard({ round }: { round: AdminRound }) {
  const { locale } = useFormat();
  const qc = useQueryClient();
  const [simulate, setSimulate] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<"sweep" | "delete" | null>(null);
  const sym = round.token.symbol;
  const reached = STEPS.indexOf(round.status);
  const jobActive = round.publishing || round.publishRequested;
  const deletable =
    (round.status === "draft" || round.status === "frozen") && !round.distributor && !jobActive;
  async function act(action: Action) {
    setBusy(true);
    setError(null);
    try {
      const base = `/api/admin/airdrop/rounds/${round.id}`;
      if (action === "delete") await postJson(base, undefined, "DELETE");
      else await postJson(`${base}/${action}`);
      setAsking(null);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
      await qc.invalidateQueries({ queryKey: airdropKeys.admin() });
    }
  }
  return (
    <Card
      as="article"
      aria-label={round.name}
      title={round.name}
      aside={<span className="text-xs text-muted">{round.status}</span>}
    >
      <p className="text-sm text-muted">
        {formatTokenAmount(round.totalAmount, round.token.decimals, locale)} {sym} · min {round.minPoints}{" "}
        points
        {round.capPerAddress
          ? ` · cap ${formatTokenAmount(round.capPerAddress, round.token.decimals, locale)} ${sym}`
          : ""}{" "}
        · claims {formatDate(round.opensAt, locale)} to {formatDate(round.deadline, locale)}
      </p>
      <ol className="mt-4 flex flex-wrap gap-2 text-xs" aria-label="Publishing progress">
        {STEPS.map((s, i) => (
          <li
            key={s}
            className={cn(
              "rounded-control border px-2 py-1",
              i <= reached ? "border-gold text-gold" : "border-border text-muted",
            )}
          >
            {i <= reached ? "✓ " : ""}
            {s}
          </li>
        ))}
      </ol>
      {round.merkleRoot ? (
        <div className="mt-3 grid grid-cols-1 gap-1 text-xs text-muted">
          <div>
            Root <span className="break-all font-id text-text">{round.merkleRoot}</span>
          </div>
          {round.distributor ? (
            <div>
              Distributor <span className="break-all font-id text-text">{round.distributor}</span>
            </div>
          ) : null}
          <div>
            {formatInteger(round.recipients, locale)} recipients · {formatInteger(round.claims.count, locale)}{" "}
            claims ({formatTokenAmount(round.claims.amount, round.token.decimals, locale)} {sym})
            {round.sweptAmount
              ? ` · swept ${formatTokenAmount(round.sweptAmount, round.token.decimals, locale)} ${sym}`
              : ""}
          </div>
          {round.transactions.map((t) => (
            <div key={t.kind}>
              {t.kind} tx <span className="break-all font-id text-text">{t.hash}</span>{" "}
              {t.minedBlock ? `(block ${t.minedBlock})` : "(pending)"}
            </div>
          ))}
        </div>
      ) : null}
      {round.publishRequested && !round.publishing ? (
        <p role="status" className="mt-3 text-sm text-muted">
          Queued: the background worker starts publishing within seconds.
        </p>
      ) : null}
      {round.lastError && !round.publishing && !round.publishRequested ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          Last attempt stopped: {round.lastError}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => setSimulate((x) => !x)}>
          {simulate ? "Hide simulation" : "Simulate"}
        </Button>
        {round.status !== "published" ? (
          <Button size="sm" disabled={busy || jobActive} onClick={() => act("publish")}>
            {round.publishing
              ? "Publishing…"
              : round.publishRequested
                ? "Queued…"
                : round.status === "draft"
                  ? "Publish"
                  : "Resume publishing"}
          </Button>
        ) : null}
        {round.status === "published" && round.phase === "closed" && !round.sweptAt ? (
          <Button
            size="sm"
            variant="danger"
            disabled={busy || asking !== null}
            onClick={() => setAsking("sweep")}
          >
            Sweep unclaimed tokens
          </Button>
        ) : null}
        {deletable ? (
          <Button
            size="sm"
            variant="ghost"
            disabled={busy || asking !== null}
            onClick={() => setAsking("delete")}
          >
            Delete round
          </Button>
        ) : null}
      </div>
      {asking === "sweep" ? (
        <ConfirmStep
          text={`Withdraw every unclaimed ${sym} of "${round.name}" from its distributor to the deployer account? This is one on-chain transaction and cannot be undone.`}
          confirm="Yes, sweep"
          busy={busy}
          onConfirm={() => act("sweep")}
          onCancel={() => setAsking(null)}
        />
      ) : null}
      {asking === "delete" ? (
        <ConfirmStep
          text={`Delete "${round.name}"${round.status === "frozen" ? " and its frozen allocation" : ""}? Nothing was deployed for it; the round cannot be restored, but you can create it again with new dates.`}
          confirm="Yes, delete"
          busy={busy}
          onConfirm={() => act("delete")}
          onCancel={() => setAsking(null)}
        />
      ) : null}
      {simulate ? <SimulationView round={round} /> : null}
    </Card>
  );
}
