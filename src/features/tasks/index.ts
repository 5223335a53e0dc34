// Client-safe public API of the tasks feature. Server code is in `@/features/tasks/server`.
export { TasksBoard } from "./components/TasksBoard";
export { RECURRENCES, type Recurrence, TASK_TYPES } from "./definitions";
