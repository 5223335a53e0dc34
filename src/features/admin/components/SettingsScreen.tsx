"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button, Card, Field, Input, Skeleton } from "@/ui";
import { adminApi, when } from "./api";
import { ErrorText } from "./ui";

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
  { key: "faucet.paused", label: "Faucet paused (true / false)", env: "—", kind: "bool" },
  { key: "referral.sharePercent", label: "Referral share (%)", env: "REFERRAL_SHARE_PERCENT", kind: "int" },
  { key: "points.tiers", label: "Tiers (Name:min, …)", env: "POINTS_TIERS", kind: "tiers" },
] as const;

function parse(kind: string, s: string): unknown {
  if (kind === "int") return Number(s);
  if (kind === "bool") return s.trim() === "true";
  if (kind === "tiers")
    return s.split(",").map((p) => {
      const [name, min] = p.split(":");
      return { name: (name ?? "").trim(), min: Number(min) };
    });
  return s.trim();
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
  const m = useMutation({
    mutationFn: (v: unknown) =>
      adminApi("/api/admin/settings", { method: "PATCH", body: { [field.key]: v } }),
    onSuccess: (_d, v) => {
      if (v === null) setValue("");
      void qc.invalidateQueries({ queryKey: ["admin", "settings"] });
    },
  });
  return (
    <Card>
      <form
        className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          m.mutate(parse(field.kind, value));
        }}
      >
        <Field
          label={field.label}
          hint={
            stored
              ? `set by ${stored.updatedBy} on ${when(stored.updatedAt)}`
              : `from the environment (${field.env})`
          }
        >
          {({ id }) => (
            <Input
              id={id}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              placeholder="environment default"
            />
          )}
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
