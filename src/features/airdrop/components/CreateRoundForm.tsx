"use client";

import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useFormat } from "@/lib/locale";
import { Button, Card, FormRow } from "@/ui";
import { formatTokenAmount } from "../format";
import { airdropKeys, postJson } from "../queries";
import { type AdminRound, createRoundSchema } from "../schema";

const local = (ms: number) => {
  const d = new Date(ms - new Date().getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};
const iso = (v: string) => (v ? new Date(v).toISOString() : undefined);

/** An empty form: opening in an hour, deadline in eight days (a fresh call each time it is reset). */
const blank = () => ({
  name: "",
  token: "",
  totalAmount: "",
  minPoints: "0",
  capPerAddress: "",
  snapshotAt: "",
  opensAt: local(Date.now() + 3_600_000),
  deadline: local(Date.now() + 8 * 86_400_000),
});

/**
 * The minimum points as typed: a whole number, or a message. Empty is not 0 (`Number("")` is 0, so
 * a cleared field used to create a round open to everyone with a point without saying so).
 */
function minPointsOf(raw: string): number | string {
  const t = raw.trim();
  if (t === "") return "Enter the minimum points (0 lets everyone with points take part)";
  if (!/^\d{1,10}$/.test(t)) return "A whole number of points, 0 or more";
  return Number(t);
}

/**
 * Where a zod issue is shown: a tier's multiplier (path ["tierMultipliers", tier]) under that tier's
 * own input, anything else under the field it names, or the form.
 */
const issueKey = (path: readonly PropertyKey[]) =>
  path[0] === "tierMultipliers" && path.length > 1 ? `tier:${String(path[1])}` : String(path[0] ?? "form");

/** The operator's round definition; validated with the API's own schema before it is sent. */
export function CreateRoundForm({ tiers }: { tiers: string[] }) {
  const { locale } = useFormat();
  const qc = useQueryClient();
  const [v, setV] = useState(blank);
  const [mult, setMult] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) =>
    setV({ ...v, [k]: e.target.value });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setDone(null);
    const tierMultipliers = Object.fromEntries(
      Object.entries(mult)
        .filter(([, x]) => x.trim() !== "")
        .map(([k, x]) => [k, Number(x)]),
    );
    const minPoints = minPointsOf(v.minPoints);
    const payload = {
      name: v.name,
      token: v.token.trim() || undefined,
      totalAmount: v.totalAmount.trim(),
      minPoints: typeof minPoints === "number" ? minPoints : 0,
      capPerAddress: v.capPerAddress.trim() || undefined,
      tierMultipliers: Object.keys(tierMultipliers).length ? tierMultipliers : undefined,
      snapshotAt: iso(v.snapshotAt),
      opensAt: iso(v.opensAt) ?? "",
      deadline: iso(v.deadline) ?? "",
    };
    const parsed = createRoundSchema.safeParse(payload);
    const out: Record<string, string> = {};
    if (typeof minPoints === "string") out.minPoints = minPoints;
    if (!parsed.success) for (const issue of parsed.error.issues) out[issueKey(issue.path)] ??= issue.message;
    if (Object.keys(out).length > 0) {
      setErrors(out);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const round = await postJson<AdminRound>("/api/admin/airdrop/rounds", payload);
      setDone(`Draft "${round.name}" created. Simulate it below, then publish.`);
      // A second click must not create the same draft again: the form starts over.
      setV(blank());
      setMult({});
      await qc.invalidateQueries({ queryKey: airdropKeys.admin() });
    } catch (err) {
      setErrors({ form: (err as Error).message });
    } finally {
      setBusy(false);
    }
  }

  const total =
    /^\d{1,78}$/.test(v.totalAmount) && !v.token ? formatTokenAmount(v.totalAmount, 18, locale) : null;
  return (
    <Card title="New round">
      <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <FormRow label="Name" error={errors.name} value={v.name} onChange={set("name")} />
        <FormRow
          label="Token address (optional)"
          hint="Empty: publishing deploys a fresh tAIR token."
          error={errors.token}
          value={v.token}
          onChange={set("token")}
          placeholder="0x…"
          className="font-id"
        />
        <FormRow
          label="Total amount (base units)"
          hint={total ? `= ${total} tAIR (18 decimals)` : "Whole base units of the token"}
          error={errors.totalAmount}
          inputMode="numeric"
          value={v.totalAmount}
          onChange={set("totalAmount")}
          className="tabular-nums"
        />
        <FormRow
          label="Minimum points"
          error={errors.minPoints}
          inputMode="numeric"
          value={v.minPoints}
          onChange={set("minPoints")}
        />
        <FormRow
          label="Cap per address (base units, optional)"
          error={errors.capPerAddress}
          inputMode="numeric"
          value={v.capPerAddress}
          onChange={set("capPerAddress")}
        />
        <FormRow
          label="Snapshot (optional, default now)"
          error={errors.snapshotAt}
          type="datetime-local"
          value={v.snapshotAt}
          onChange={set("snapshotAt")}
        />
        <FormRow
          label="Claims open"
          error={errors.opensAt}
          type="datetime-local"
          value={v.opensAt}
          onChange={set("opensAt")}
        />
        <FormRow
          label="Deadline"
          error={errors.deadline}
          type="datetime-local"
          value={v.deadline}
          onChange={set("deadline")}
        />
        <fieldset className="md:col-span-2">
          <legend className="text-sm font-medium text-text">Tier multipliers (empty = ×1)</legend>
          <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {tiers.map((t) => (
              <FormRow
                key={t}
                label={t}
                error={errors[`tier:${t}`]}
                inputMode="decimal"
                placeholder="1"
                value={mult[t] ?? ""}
                onChange={(e) => setMult({ ...mult, [t]: e.target.value })}
              />
            ))}
          </div>
          {/* Issues about the whole set (e.g. too many tiers); a tier's own is under its input. */}
          {errors.tierMultipliers ? (
            <p role="alert" className="mt-1 text-xs text-danger">
              {errors.tierMultipliers}
            </p>
          ) : null}
        </fieldset>
        <div className="flex flex-col gap-2 md:col-span-2">
          {errors.form ? (
            <p role="alert" className="text-sm text-danger">
              {errors.form}
            </p>
          ) : null}
          {done ? (
            <p role="status" className="text-sm text-success">
              {done}
            </p>
          ) : null}
          <Button type="submit" disabled={busy} className="w-full sm:w-auto">
            {busy ? "Creating…" : "Create draft"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
