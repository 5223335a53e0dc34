import { Hint } from "./Hint";
import type { TaskCardProps } from "./types";

export default function ArticleCard({ task }: TaskCardProps) {
  const p = task.params as { slug?: string };
  return (
    <Hint href={`/news/${p.slug ?? ""}`} action="Read the article">
      {task.hint ?? "Open it while signed in, then check."}
    </Hint>
  );
}
