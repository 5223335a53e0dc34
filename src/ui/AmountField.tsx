import { type ComponentPropsWithRef, type ReactNode, useId } from "react";
import { cn } from "./cn";

export type AmountFieldProps = {
  /** Visible label of the amount (e.g. "You pay", "Amount to stake"). */
  label: ReactNode;
  /** Test id of the input; the error gets `${testId}-error`, the balance `${balanceTestId}`. */
  testId: string;
  /** Controlled value (swap, liquidity) — or leave undefined and pass react-hook-form's register via `inputProps`. */
  value?: string;
  /** Called with the typed text, a decimal comma already turned into a point. */
  onValueChange?: (value: string) => void;
  inputProps?: Omit<ComponentPropsWithRef<"input">, "value" | "id" | "className">;
  /** Balance (or stake) text beside the label; empty while unknown. */
  balance?: ReactNode;
  balanceTestId?: string;
  /** Shows a Max/All button when given. */
  onMax?: () => void;
  maxLabel?: string;
  /**
   * Accessible name of the Max/All button, e.g. "Max WAURUM to stake": it must start with the visible
   * `maxLabel` (WCAG 2.5.3 label in name) and says what the button fills in, so the button is not
   * mistaken for the amount field.
   */
  maxAriaLabel?: string;
  /** Right of the input: a token picker or the token's name. */
  token?: ReactNode;
  /** Under the input (e.g. the value in tUSD). */
  footer?: ReactNode;
  error?: string;
  /** Test id of the error line (default `${testId}-error`). */
  errorTestId?: string;
  placeholder?: string;
  /** Accessible name when the visible label does not describe the input alone. */
  ariaLabel?: string;
  size?: "md" | "lg";
};

/**
 * The one amount input of the transaction forms (swap, liquidity, stake, send): label, balance and
 * Max, the decimal input (tabular numbers, decimal keyboard), an optional token slot and the inline
 * validation message wired with aria-describedby. Presentational: validation stays in the form hook.
 */
export function AmountField(props: AmountFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const { inputProps, onValueChange } = props;
  return (
    <div
      className={cn(
        "flex flex-col gap-1 rounded-control border bg-bg p-3",
        props.error ? "border-danger" : "border-border",
      )}
    >
      <div className="flex items-center justify-between gap-2 text-sm">
        <label htmlFor={id} className="text-muted">
          {props.label}
        </label>
        <span className="flex items-center gap-2 text-muted">
          <span className="tabular" data-testid={props.balanceTestId}>
            {props.balance ?? ""}
          </span>
          {props.onMax ? (
            <button
              type="button"
              onClick={props.onMax}
              aria-label={props.maxAriaLabel}
              className="rounded-control px-1.5 text-xs font-semibold text-gold hover:bg-raised"
            >
              {props.maxLabel ?? "Max"}
            </button>
          ) : null}
        </span>
      </div>
      <div className="flex items-center gap-3">
        <input
          {...inputProps}
          id={id}
          data-testid={props.testId}
          inputMode="decimal"
          autoComplete="off"
          placeholder={props.placeholder ?? "0"}
          aria-label={props.ariaLabel}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          value={props.value}
          onChange={(e) => {
            const text = e.target.value.replace(",", ".");
            if (inputProps?.onChange) {
              e.target.value = text;
              inputProps.onChange(e);
            }
            onValueChange?.(text);
          }}
          className={cn(
            "tabular min-w-0 flex-1 bg-transparent font-medium text-text placeholder:text-muted focus:outline-none",
            props.size === "lg" ? "text-2xl" : "text-xl",
          )}
        />
        {props.token}
      </div>
      {props.footer !== undefined ? (
        <div className="flex min-h-5 items-center justify-between text-xs">
          <span className="tabular text-muted">{props.footer}</span>
        </div>
      ) : null}
      {props.error ? (
        <p
          id={errorId}
          role="alert"
          className="text-xs text-danger"
          data-testid={props.errorTestId ?? `${props.testId}-error`}
        >
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
