import type { TaskPreview, TaskView } from "../../schema";

export type TaskCardProps = {
  task: TaskView;
  /** Sends the verify request (a quiz passes its answers). */
  onVerify: (answers?: Record<string, number>) => void;
  pending: boolean;
};

/**
 * A card body that shows only what every user sees of the task (hint, parameters): it also renders
 * in /task's signed-in shell, before the user's state is there (TasksBoard, `PreviewCard`).
 */
export type TaskBodyProps = { task: TaskPreview };
