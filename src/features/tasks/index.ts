// Client-safe public API of the tasks feature. Server code is in `@/features/tasks/server`.
export { TasksBoard } from "./components/TasksBoard";
export { allowedRepeat, type Recurrence, recurrencesFor, TASK_TYPES, type TaskType } from "./definitions";
