"use client";

/**
 * "Unwrap to AURUM": the one choice Unstake and Exit offer on pools of the wrapped native coin
 * (on by default in both). Renders nothing for other pools.
 */
export function UnwrapChoice({
  nativeSymbol,
  checked,
  onChange,
  disabled,
  testId,
}: {
  /** The native coin's symbol; undefined when the pool's token is not the wrapped native coin. */
  nativeSymbol: string | undefined;
  checked: boolean;
  onChange: (unwrap: boolean) => void;
  disabled: boolean;
  testId: string;
}) {
  if (!nativeSymbol) return null;
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        disabled={disabled}
        className="size-4 accent-gold"
        data-testid={testId}
      />
      Unwrap to {nativeSymbol}
    </label>
  );
}
