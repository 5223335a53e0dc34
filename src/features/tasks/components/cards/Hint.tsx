import type { ReactNode } from "react";
import { PageLink } from "@/ui";

/** One line on how to do the task, with a link to the page where it is done. */
export function Hint({ children, href, action }: { children: ReactNode; href?: string; action?: string }) {
  return (
    <p className="text-sm text-muted">
      {children}
      {href && action ? (
        <>
          {" "}
          <PageLink href={href} className="font-medium text-gold underline-offset-4 hover:underline">
            {action} →
          </PageLink>
        </>
      ) : null}
    </p>
  );
}
