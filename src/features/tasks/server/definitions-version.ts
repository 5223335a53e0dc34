import { processState } from "@/server/process-state";

// The task list of a user is cached until their ledger or a task definition changes
// (docs/ARCHITECTURE.md, "Caching"; features/points/server/ranking-cache.ts). Every write to the
// tasks table calls `tasksChanged()`: the console's create and edit, and the seed.
const state = processState("tasks.definitions", () => ({ version: 0 }));

export function tasksChanged(): void {
  state.version++;
}

export function tasksVersion(): number {
  return state.version;
}
