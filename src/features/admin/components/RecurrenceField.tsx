"use client";

import { type Recurrence, recurrencesFor, type TaskType } from "@/features/tasks";
import { Field } from "@/ui";
import { Select } from "./ui";

/**
 * The task's recurrence, offering only what its type allows (tasks `TASK_TYPE_REPEATS`): a type
 * whose completion cannot be counted per period shows `once` alone and says why.
 */
export function RecurrenceField({
  type,
  value,
  onChange,
}: {
  type: TaskType;
  value: Recurrence;
  onChange: (repeat: Recurrence) => void;
}) {
  const repeats = recurrencesFor(type);
  const hint =
    repeats.length === 1
      ? `Once only: the completion of ${type} tasks cannot be counted per day or week.`
      : undefined;
  return (
    <Field label="Recurrence" hint={hint}>
      {({ id, describedBy }) => (
        <Select
          id={id}
          aria-describedby={describedBy}
          value={value}
          onChange={(e) => onChange(e.target.value as Recurrence)}
        >
          {repeats.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
