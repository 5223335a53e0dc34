import type { TaskView } from "../../schema";

export type TaskCardProps = {
  task: TaskView;
  /** Sends the verify request (a quiz passes its answers). */
  onVerify: (answers?: Record<string, number>) => void;
  pending: boolean;
};
