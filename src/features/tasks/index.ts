// Client-safe public API of the tasks feature. Server code is in `@/features/tasks/server`.
export { TasksBoard, type TasksBoardProps } from "./components/TasksBoard";
export { isTaskType, RECURRENCES, type Recurrence, TASK_TYPES } from "./definitions";
export { invalidateAfterCredit, tasksKeys, tasksQueryOptions } from "./queries";
export type { TaskStatus, TasksList, TaskView, VerifyResult } from "./schema";
