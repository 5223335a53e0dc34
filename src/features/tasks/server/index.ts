// Server-only public API of the tasks feature.
export { type ChainContext, chainContextFor, currentChainContext } from "./chain";
export { taskRegistry } from "./registry";
export { parseTasksYaml, seedTasks, TasksFileError, upsertTasks } from "./seed";
export { listTasks, verifyTask } from "./service";
