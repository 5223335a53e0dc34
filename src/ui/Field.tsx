import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { cn } from "./cn";

export type FieldProps = {
  label: ReactNode;
  /** The validation message; shown under the control and linked with aria-describedby. */
  error?: string;
  hint?: ReactNode;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
  className?: string;
};

/** Label + control + hint/error text, with the ids wired for screen readers. */
export function Field({ label, error, hint, children, className }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium text-text">
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean };

export function Input({ invalid, className, ...rest }: InputProps) {
  return (
    <input
      aria-invalid={invalid || undefined}
      className={cn(
        "h-10 w-full rounded-control border bg-bg px-3 text-sm text-text placeholder:text-muted",
        "focus:border-gold focus:outline-none",
        invalid ? "border-danger" : "border-border",
        className,
      )}
      {...rest}
    />
  );
}

export type FormRowProps = Omit<InputProps, "id" | "invalid" | "aria-describedby"> & {
  label: ReactNode;
  hint?: ReactNode;
  /** The validation message (see Field). */
  error?: string;
  /** Classes of the row (label, input, hint); `className` goes to the input. */
  rowClassName?: string;
};

/** A form's text-input row: a Field with its Input, ids, hint and error wired (the console editors, the round form). */
export function FormRow({ label, hint, error, rowClassName, ...input }: FormRowProps) {
  return (
    <Field label={label} hint={hint} error={error} className={rowClassName}>
      {(f) => <Input id={f.id} aria-describedby={f.describedBy} invalid={f.invalid} {...input} />}
    </Field>
  );
}
