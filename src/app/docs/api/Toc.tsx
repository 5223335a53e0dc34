import type { TagGroup } from "./model";

/**
 * The table of contents: the groups as a row of links on a phone; from 1280 px a sticky sidebar that
 * also lists every operation. One list, shown two ways, so the page carries its links once.
 */
const MethodBadge = ({ method }: { method: string }) => (
  <span className={`apiref-badge ${method}`}>{method}</span>
);

export function Toc({ groups }: { groups: TagGroup[] }) {
  const link = "rounded-control hover:text-gold focus-visible:text-gold";
  return (
    <nav
      aria-label="API contents"
      className="apiref-toc mb-10 lg:sticky lg:top-20 lg:mb-0 lg:max-h-[calc(100dvh-6rem)] lg:self-start lg:overflow-y-auto lg:pr-2"
    >
      <h2 className="mb-3 text-sm font-semibold text-text">Contents</h2>
      {/* Fixed columns on a phone: the rows do not change when the web font replaces the fallback (CLS). */}
      <ul className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4 lg:block lg:space-y-3">
        <li>
          <a
            href="#using-the-api"
            className={`${link} block border border-border px-2.5 py-1 lg:border-0 lg:p-0 lg:font-medium`}
          >
            Using the API
          </a>
        </li>
        {groups.map((g) => (
          <li key={g.id}>
            <a
              href={`#${g.id}`}
              className={`${link} block border border-border px-2.5 py-1 lg:border-0 lg:p-0 lg:font-medium`}
            >
              {g.tag} <span className="text-muted">({g.operations.length})</span>
            </a>
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
          </li>
        ))}
      </ul>
    </nav>
  );
}
