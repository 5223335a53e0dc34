"use client";

import { Switch } from "radix-ui";
import { useId, useState } from "react";
import { cn } from "@/ui";
import { DEFAULT_SLIPPAGE_BPS, HIGH_SLIPPAGE_BPS, parseSlippagePercent } from "../slippage";

export type SwapSettingsValue = {
  slippageBps: number;
  deadlineMinutes: number;
  expertMode: boolean;
  /** A typed value is out of range: the swap waits until it is fixed (never silently the default). */
  slippageInvalid: boolean;
  deadlineInvalid: boolean;
};

const PRESETS = [10, 50, 100];

/** Slippage tolerance (presets or custom 0.01–50 %), transaction deadline and expert mode. */
export function SwapSettings({
  value,
  onChange,
}: {
  value: SwapSettingsValue;
  onChange: (v: SwapSettingsValue) => void;
}) {
  const id = useId();
  const isPreset = PRESETS.includes(value.slippageBps);
  const [custom, setCustom] = useState(isPreset ? "" : String(value.slippageBps / 100));
  const [customError, setCustomError] = useState<string | null>(null);
  const [deadline, setDeadline] = useState(String(value.deadlineMinutes));
  const [deadlineError, setDeadlineError] = useState<string | null>(null);

  return (
    <div
      className="flex flex-col gap-4 rounded-control border border-border bg-bg p-4 text-sm"
      data-testid="swap-settings"
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-medium">Slippage tolerance</legend>
        <div className="flex flex-wrap items-center gap-2">
          {PRESETS.map((bps) => (
            <button
              key={bps}
              type="button"
              aria-pressed={value.slippageBps === bps && !custom}
              onClick={() => {
                setCustom("");
                setCustomError(null);
                onChange({ ...value, slippageBps: bps, slippageInvalid: false });
              }}
              className={cn(
                "h-8 rounded-control border px-3 tabular",
                value.slippageBps === bps && !custom
                  ? "border-gold text-gold"
                  : "border-border text-muted hover:text-text",
              )}
            >
              {bps / 100} %{bps === DEFAULT_SLIPPAGE_BPS ? " (default)" : ""}
            </button>
          ))}
          <label className="flex items-center gap-1">
            <span className="sr-only">Custom slippage in percent</span>
            <input
              inputMode="decimal"
              placeholder="Custom"
              value={custom}
              aria-invalid={customError ? true : undefined}
              aria-describedby={customError ? `${id}-slip` : undefined}
              data-testid="slippage-input"
              onChange={(e) => {
                const v = e.target.value;
                setCustom(v);
                if (v.trim() === "") {
                  setCustomError(null);
                  onChange({ ...value, slippageBps: DEFAULT_SLIPPAGE_BPS, slippageInvalid: false });
                  return;
                }
                const r = parseSlippagePercent(v);
                setCustomError(r.ok ? null : r.message);
                onChange(
                  r.ok
                    ? { ...value, slippageBps: r.bps, slippageInvalid: false }
                    : { ...value, slippageInvalid: true },
                );
              }}
              className={cn(
                "h-8 w-24 rounded-control border bg-surface px-2 text-right tabular focus:outline-none",
                customError ? "border-danger" : custom ? "border-gold" : "border-border",
              )}
            />
            <span className="text-muted">%</span>
          </label>
        </div>
        {customError ? (
          <p id={`${id}-slip`} role="alert" className="text-xs text-danger">
            {customError}
          </p>
        ) : value.slippageBps > HIGH_SLIPPAGE_BPS ? (
          <p className="text-xs text-warning">
            High slippage: your trade may be front-run and get a worse price.
          </p>
        ) : null}
      </fieldset>
      <label className="flex flex-wrap items-center gap-2">
        <span className="font-medium">Transaction deadline</span>
        <input
          inputMode="numeric"
          value={deadline}
          aria-invalid={deadlineError ? true : undefined}
          onChange={(e) => {
            const v = e.target.value;
            setDeadline(v);
            const n = Number(v);
            if (!/^\d+$/.test(v.trim()) || n < 1 || n > 4320) {
              setDeadlineError("Enter 1 to 4320 minutes");
              onChange({ ...value, deadlineInvalid: true });
              return;
            }
            setDeadlineError(null);
            onChange({ ...value, deadlineMinutes: n, deadlineInvalid: false });
          }}
          className={cn(
            "h-8 w-16 rounded-control border bg-surface px-2 text-right tabular focus:outline-none",
            deadlineError ? "border-danger" : "border-border",
          )}
        />
        <span className="text-muted">minutes</span>
        {deadlineError ? (
          <span role="alert" className="w-full text-xs text-danger">
            {deadlineError}
          </span>
        ) : null}
      </label>
      <div className="flex items-start justify-between gap-4">
        <label htmlFor={`${id}-expert`} className="flex flex-col">
          <span className="font-medium">Expert mode</span>
          <span className="text-xs text-muted">
            Allows trades with a price impact above 15 %. You may lose a large part of the amount.
          </span>
        </label>
        <Switch.Root
          id={`${id}-expert`}
          checked={value.expertMode}
          onCheckedChange={(expertMode) => onChange({ ...value, expertMode })}
          data-testid="expert-mode"
          className="relative h-6 w-11 shrink-0 rounded-full border border-border bg-raised data-[state=checked]:bg-gold"
        >
          <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-text transition-transform data-[state=checked]:translate-x-5 data-[state=checked]:bg-bg" />
        </Switch.Root>
      </div>
    </div>
  );
}
