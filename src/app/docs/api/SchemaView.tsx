import { InlineText } from "./InlineText";
import {
  constraints,
  type JsonSchema,
  nestedOf,
  refAnchor,
  refName,
  typeText,
  unionOf,
  unwrapNullable,
} from "./schema";

/**
 * A JSON Schema as a compact outline, rendered on the server: one line per field (name, required
 * mark, type, constraints, description) and nested fields indented below. Kept to a few elements per
 * field: the whole document is ~2,000 schema nodes on one page (see page.tsx on page weight).
 */

/** Deeper than any schema of ours; a guard against a self-referencing schema, not a display choice. */
const MAX_DEPTH = 10;

export function SchemaView({ schema }: { schema: JsonSchema }) {
  const nested = nestedOf(schema);
  // A plain object's fields speak for themselves; any other schema (an array, a union, a ref) says
  // what it is on a first line.
  const plainObject = nested === schema && !unionOf(schema) && !schema.description;
  return (
    <div className="text-sm">
      {plainObject ? null : <Line schema={schema} />}
      {nested ? <Nested schema={nested} depth={0} /> : null}
    </div>
  );
}

/** Named values (an operation's path or query parameters) in the same outline as an object's fields. */
export function FieldList({ fields }: { fields: { name: string; required: boolean; schema: JsonSchema }[] }) {
  const schema: JsonSchema = {
    properties: Object.fromEntries(fields.map((f) => [f.name, f.schema])),
    required: fields.filter((f) => f.required).map((f) => f.name),
  };
  return (
    <div className="text-sm">
      <Nested schema={schema} depth={0} />
    </div>
  );
}

/** Type, constraints and description of a schema, as one line. */
function Line({ schema, name, required }: { schema: JsonSchema; name?: string; required?: boolean }) {
  const notes = constraints(schema);
  const description = unwrapNullable(schema).schema.description;
  return (
    <>
      {name !== undefined ? <code className="font-mono font-medium text-text">{name}</code> : null}
      {required ? <span className="ml-2 text-xs font-medium text-gold">required</span> : null}{" "}
      <TypeLabel schema={schema} />
      {notes.length > 0 ? <span className="ml-2 text-xs text-muted">{notes.join(" · ")}</span> : null}
      {description ? (
        <span className="block text-muted">
          <InlineText text={description} />
        </span>
      ) : null}
    </>
  );
}

function TypeLabel({ schema }: { schema: JsonSchema }) {
  const { schema: s, nullable } = unwrapNullable(schema);
  const anchor = s.$ref ? refAnchor(s.$ref) : null;
  if (s.$ref && anchor) {
    return (
      <span className="font-mono text-xs text-muted">
        <a href={`#${anchor}`} className="text-gold underline underline-offset-2 hover:text-gold-hover">
          {refName(s.$ref)}
        </a>
        {nullable ? " | null" : null}
      </span>
    );
  }
  return <span className="font-mono text-xs text-muted">{typeText(schema)}</span>;
}

function Nested({ schema, depth }: { schema: JsonSchema; depth: number }) {
  if (depth >= MAX_DEPTH) return <p className="pl-4 text-muted">…</p>;
  const union = unionOf(schema);
  if (union) {
    return (
      <ol className="mt-1 space-y-2 border-l border-border pl-4">
        {union.members.map((member, i) => {
          const inner = nestedOf(member);
          return (
            <li key={i}>
              <span className="text-xs text-muted">
                {union.kind === "all of" ? "and" : i === 0 ? "either" : "or"}{" "}
              </span>
              <Line schema={member} />
              {inner ? <Nested schema={inner} depth={depth + 1} /> : null}
            </li>
          );
        })}
      </ol>
    );
  }
  const required = new Set(schema.required ?? []);
  return (
    <ul className="mt-1 space-y-1.5 border-l border-border pl-4">
      {Object.entries(schema.properties ?? {}).map(([name, field]) => {
        const inner = nestedOf(field);
        return (
          <li key={name} className="break-words">
            <Line schema={field} name={name} required={required.has(name)} />
            {inner ? <Nested schema={inner} depth={depth + 1} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
