import type { ReactNode } from "react";
import { fieldLines, type JsonSchema, type Line, schemaLines } from "./schema";

/**
 * A schema listing (src/app/docs/api/schema.ts) as one <pre>: text with the `//` comments muted
 * (reference.css).
 * Adjacent text is merged so the server sends one text node per comment, not one per line.
 */
function Listing({ lines }: { lines: Line[] }) {
  const parts: ReactNode[] = [];
  let text = "";
  for (const [i, line] of lines.entries()) {
    text += `${"  ".repeat(line.depth)}${line.code}`;
    if (line.comment) {
      parts.push(text);
      parts.push(<span key={i}>{`  // ${line.comment}`}</span>);
      text = "";
    }
    if (i < lines.length - 1) text += "\n";
  }
  if (text) parts.push(text);
  return <pre className="apiref-pre">{parts}</pre>;
}

export function SchemaView({ schema }: { schema: JsonSchema }) {
  return <Listing lines={schemaLines(schema)} />;
}

/** Named values (an operation's path or query parameters), listed like an object's fields. */
export function FieldList({ fields }: { fields: { name: string; required: boolean; schema: JsonSchema }[] }) {
  const properties = Object.fromEntries(fields.map((f) => [f.name, f.schema]));
  return (
    <Listing
      lines={fieldLines(
        properties,
        fields.filter((f) => f.required).map((f) => f.name),
      )}
    />
  );
}
