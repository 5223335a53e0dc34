"use client";

import { Switch } from "radix-ui";
import { useId } from "react";
import { cn } from "@/ui";
import { DEFAULT_SLIPPAGE_BPS, HIGH_SLIPPAGE_BPS, parseSlippagePercent } from "../slippage";

export type SwapSettingsValue = {
  slippageBps: number;
  deadlineMinutes: number;
  expertMode: boolean;
  /** A typed value is out of range: the swap waits until it is fixed (never silently the default). */
  slippageInvalid: boolean;
  deadlineInvalid: boolean;
  /**
   * What the user typed in the custom slippage field ("" when a preset is chosen) and in the
   * deadline field, kept here rather than in the panel: the panel unmounts when closed, and a
   * reopened panel must show the invalid value that still blocks the swap, with its message.
   */
  slippageText: string;
  deadlineText: string;
};

const PRESETS = [10, 50, 100];
const MAX_DEADLINE_MINUTES = 4320;

function slippageProblem(text: string): string | null {
  if (text.trim() === "") return null;
  const r = parseSlippagePercent(text);
  return r.ok ? null : r.message;
}

function deadlineProblem(text: string): string | null {
  const n = Number(text);
  return !/^\d+$/.test(text.trim()) || n < 1 || n > MAX_DEADLINE_MINUTES
    ? `Enter 1 to ${MAX_DEADLINE_MINUTES} minutes`
    : null;
}

/** Slippage tolerance (presets or custom 0.01–50 %), transaction deadline and expert mode. */
export function SwapSettings({
  value,
  onChange,
}: {
  value: SwapSettingsValue;
  onChange: (v: SwapSettingsValue) => void;
}) {
  const id = useId();
  // Derived from the typed text at every render, so a reopened panel shows the same message.
  const custom = value.slippageText;
  const customError = slippageProblem(custom);
  const deadline = value.deadlineText;
  const deadlineError = deadlineProblem(deadline);

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
              onClick={() =>
                onChange({ ...value, slippageBps: bps, slippageInvalid: false, slippageText: "" })
              }
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
                if (v.trim() === "") {
                  onChange({
                    ...value,
                    slippageBps: DEFAULT_SLIPPAGE_BPS,
                    slippageInvalid: false,
                    slippageText: v,
                  });
                  return;
                }
                const r = parseSlippagePercent(v);
                onChange(
                  r.ok
                    ? { ...value, slippageBps: r.bps, slippageInvalid: false, slippageText: v }
                    : { ...value, slippageInvalid: true, slippageText: v },
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
          aria-describedby={deadlineError ? `${id}-deadline` : undefined}
          onChange={(e) => {
            const v = e.target.value;
            onChange(
              deadlineProblem(v)
                ? { ...value, deadlineInvalid: true, deadlineText: v }
                : { ...value, deadlineMinutes: Number(v), deadlineInvalid: false, deadlineText: v },
            );
          }}
          className={cn(
            "h-8 w-16 rounded-control border bg-surface px-2 text-right tabular focus:outline-none",
            deadlineError ? "border-danger" : "border-border",
          )}
        />
        <span className="text-muted">minutes</span>
        {deadlineError ? (
          <span id={`${id}-deadline`} role="alert" className="w-full text-xs text-danger">
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
