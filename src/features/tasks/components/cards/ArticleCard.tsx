import { Hint } from "./Hint";
import type { TaskBodyProps } from "./types";

export default function ArticleCard({ task }: TaskBodyProps) {
  const p = task.params as { slug?: string };
  return (
    <Hint href={`/news/${p.slug ?? ""}`} action="Read the article">
      {task.hint ?? "Open it while signed in, then check."}
    </Hint>
  );
}
