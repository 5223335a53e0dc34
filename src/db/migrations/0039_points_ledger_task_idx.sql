-- The console's task list counts each task's completions and distinct participants
-- (admin/server/tasks.ts listAdminTasks). Without an index on the task it read the whole ledger for
-- every task, twice. Ordered by participant within a task, the distinct count needs no sort.
CREATE INDEX points_ledger_task_user_idx ON points_ledger (task_id, user_id) WHERE source = 'task';
