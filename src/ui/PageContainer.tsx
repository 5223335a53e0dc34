import type { ReactNode } from "react";
import { cn } from "./cn";

/** The page column: same max width and side padding as the header, so edges line up at every width. */
export function PageContainer({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn("mx-auto w-full max-w-[1600px] px-4 py-8 sm:px-6 md:py-12", className)}>
      {children}
    </div>
  );
}
