import "server-only";

export {
  isTaskType,
  RECURRENCES,
  recurrenceError,
  TASK_TYPES,
  type TaskType,
  taskParamsSchemas,
} from "./definitions";
// The tasks feature's server entry (docs/ARCHITECTURE.md, "Feature entries").
export { taskIdParams, tasksListSchema, verifyRequestBody, verifyResultSchema } from "./schema";
export { type ChainContext, chainContextFor } from "./server/chain";
export { tasksChanged } from "./server/definitions-version";
export { loadTaskCatalogue, loadTasksPage } from "./server/page-data";
export { repeatChanges, taskHasCompletions } from "./server/repeat-lock";
export { seedTasks, upsertTasks } from "./server/seed";
export { listTasks, verifyTask } from "./server/service";
