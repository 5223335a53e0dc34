import type { ReactNode } from "react";

export type PageHeaderProps = {
  title: ReactNode;
  /** One sentence saying what the page is for (docs/ARCHITECTURE.md: every page has one). */
  description: ReactNode;
  actions?: ReactNode;
};

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        {/* A title can be one long word (a 32-character name plus `.aurum` on the explorer's address
            page, ~500 px at this size): it must break anywhere rather than overflow a 360 px phone. */}
        <h1 className="text-2xl font-semibold tracking-tight text-text [overflow-wrap:anywhere] sm:text-3xl">
          {title}
        </h1>
        <p className="mt-2 max-w-2xl text-base text-muted">{description}</p>
      </div>
      {actions ? <div className="flex shrink-0 gap-2">{actions}</div> : null}
    </header>
  );
}
