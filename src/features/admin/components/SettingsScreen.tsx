"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button, Card, Field, Input, Skeleton } from "@/ui";
import { adminApi, when } from "./api";
import { ErrorText, Select } from "./ui";

type Stored = { key: string; value: unknown; updatedBy: string; updatedAt: string };

/** Each run-time setting with how it is edited; the environment variable is its default (README). */
const FIELDS = [
  {
    key: "faucet.drip.native",
    label: "Faucet drip, native coin",
    env: "FAUCET_DRIP_NATIVE",
    kind: "decimal",
  },
  { key: "faucet.drip.tUSD", label: "Faucet drip, tUSD", env: "FAUCET_DRIP_TUSD", kind: "decimal" },
  { key: "faucet.drip.tETH", label: "Faucet drip, tETH", env: "FAUCET_DRIP_TETH", kind: "decimal" },
  {
    key: "faucet.cooldownSeconds",
    label: "Faucet cooldown (seconds)",
    env: "FAUCET_COOLDOWN_SECONDS",
    kind: "int",
  },
  { key: "faucet.paused", label: "Faucet paused", env: "—", kind: "bool" },
  { key: "referral.sharePercent", label: "Referral share (%)", env: "REFERRAL_SHARE_PERCENT", kind: "int" },
  { key: "points.tiers", label: "Tiers (Name:min, …)", env: "POINTS_TIERS", kind: "tiers" },
] as const;

type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * What the operator typed, as the setting's value, or why it is not one: a value the form cannot
 * read is refused here and never sent (`Number("10m")` is NaN, which JSON sends as null, and null
 * resets a setting to its environment default).
 */
function parseSetting(kind: string, s: string): Parsed {
  const t = s.trim();
  if (kind === "int")
    return /^\d{1,15}$/.test(t)
      ? { ok: true, value: Number(t) }
      : { ok: false, error: "Enter a whole number, digits only (such as 3600)." };
  if (kind === "bool") {
    const b = t.toLowerCase();
    return b === "true" || b === "false"
      ? { ok: true, value: b === "true" }
      : { ok: false, error: "Choose true or false." };
  }
  if (kind === "tiers") {
    const tiers: { name: string; min: number }[] = [];
    for (const part of t.split(",")) {
      const m = /^([^:]+):\s*(\d{1,15})$/.exec(part.trim());
      const name = m?.[1]?.trim();
      if (!m || !name)
        return {
          ok: false,
          error: "Write each tier as Name:minimum points, separated by commas (Bronze:0, Silver:100).",
        };
      tiers.push({ name, min: Number(m[2]) });
    }
    return { ok: true, value: tiers };
  }
  return /^\d+(\.\d+)?$/.test(t)
    ? { ok: true, value: t }
    : { ok: false, error: "Enter a decimal amount such as 1 or 0.05." };
}
function show(kind: string, v: unknown): string {
  if (v === undefined) return "";
  if (kind === "tiers")
    return (v as { name: string; min: number }[]).map((t) => `${t.name}:${t.min}`).join(",");
  return String(v);
}

export function SettingsScreen() {
  const q = useQuery({
    queryKey: ["admin", "settings"],
    queryFn: () => adminApi<{ settings: Stored[] }>("/api/admin/settings"),
  });
  if (!q.data)
    return q.error ? (
      <ErrorText error={q.error} />
    ) : (
      <Skeleton className="h-60 w-full" label="Loading settings" />
    );
  const byKey = new Map(q.data.settings.map((s) => [s.key, s]));
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        A value set here overrides its environment variable within a few seconds on every process, without a
        restart. Reset goes back to the environment.
      </p>
      {FIELDS.map((f) => (
        <SettingRow key={f.key} field={f} stored={byKey.get(f.key)} />
      ))}
    </div>
  );
}

function SettingRow({ field, stored }: { field: (typeof FIELDS)[number]; stored: Stored | undefined }) {
  const qc = useQueryClient();
  const [value, setValue] = useState(show(field.kind, stored?.value));
  const [invalid, setInvalid] = useState<string | null>(null);
  const m = useMutation({
    mutationFn: (v: unknown) =>
      adminApi("/api/admin/settings", { method: "PATCH", body: { [field.key]: v } }),
    onSuccess: (_d, v) => {
      if (v === null) setValue("");
      void qc.invalidateQueries({ queryKey: ["admin", "settings"] });
    },
  });
  const change = (next: string) => {
    setValue(next);
    setInvalid(null);
  };
  return (
    <Card>
      <form
        className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = parseSetting(field.kind, value);
          if (!parsed.ok) {
            setInvalid(parsed.error);
            return;
          }
          setInvalid(null);
          m.mutate(parsed.value);
        }}
      >
        <Field
          label={field.label}
          error={invalid ?? undefined}
          hint={
            stored
              ? `set by ${stored.updatedBy} on ${when(stored.updatedAt)}`
              : `from the environment (${field.env})`
          }
        >
          {({ id, describedBy, invalid: isInvalid }) =>
            field.kind === "bool" ? (
              // A choice, not free text: "TRUE" or "yes" typed by hand must not save false.
              <Select
                id={id}
                value={value}
                onChange={(e) => change(e.target.value)}
                aria-describedby={describedBy}
                aria-invalid={isInvalid || undefined}
              >
                <option value="">environment default</option>
                <option value="true">true</option>
                <option value="false">false</option>
              </Select>
            ) : (
              <Input
                id={id}
                value={value}
                onChange={(e) => change(e.target.value)}
                placeholder="environment default"
                inputMode={
                  field.kind === "int" ? "numeric" : field.kind === "decimal" ? "decimal" : undefined
                }
                aria-describedby={describedBy}
                invalid={isInvalid}
              />
            )
          }
        </Field>
        <Button type="submit" disabled={!value.trim() || m.isPending}>
          Save
        </Button>
        <Button variant="ghost" disabled={!stored || m.isPending} onClick={() => m.mutate(null)}>
          Reset
        </Button>
      </form>
      <ErrorText error={m.error} />
    </Card>
  );
}
