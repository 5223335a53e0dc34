import { groupHref, type TagGroup } from "./model";

/**
 * The table of contents: the groups as a row of links on a phone, a sticky sidebar from 1280 px.
 * On the index (`current` unset) the groups are anchors of the same page; on a group's page they
 * link to the other groups' pages, and the sidebar also lists the current group's operations.
 */
const MethodBadge = ({ method }: { method: string }) => (
  <span className={`apiref-badge ${method}`}>{method}</span>
);

export function Toc({ groups, current }: { groups: TagGroup[]; current?: TagGroup }) {
  const link = "rounded-control hover:text-gold focus-visible:text-gold aria-[current=page]:text-gold";
  const box = `${link} block border border-border px-2.5 py-1 lg:border-0 lg:p-0 lg:font-medium`;
  return (
    <nav
      aria-label="API contents"
      className="apiref-toc mb-10 lg:sticky lg:top-20 lg:mb-0 lg:max-h-[calc(100dvh-6rem)] lg:self-start lg:overflow-y-auto lg:pr-2"
    >
      <h2 className="mb-3 text-sm font-semibold text-text">Contents</h2>
      {/* Fixed columns on a phone: the rows do not change when the web font replaces the fallback (CLS). */}
      <ul className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4 lg:block lg:space-y-3">
        <li>
          <a href={current ? "/docs/api#using-the-api" : "#using-the-api"} className={box}>
            Using the API
          </a>
        </li>
        {groups.map((g) => (
          <li key={g.id}>
            <a
              href={current ? groupHref(g) : `#${g.id}`}
              aria-current={g.id === current?.id ? "page" : undefined}
              className={box}
            >
              {g.tag} <span className="text-muted">({g.operations.length})</span>
            </a>
            {g.id === current?.id ? (
              <ul className="mt-1 hidden space-y-1 lg:block">
                {g.operations.map((op) => (
                  <li key={op.id}>
                    <a href={`#${op.id}`} className={`${link} flex items-start gap-2 text-xs text-muted`}>
                      <MethodBadge method={op.method} />
                      <span className="min-w-0 font-mono [overflow-wrap:anywhere]">
                        {op.path.replace(/^\/api/, "")}
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}
