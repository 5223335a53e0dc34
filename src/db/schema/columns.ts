import { timestamp } from "drizzle-orm/pg-core";

/** Every time column of the schema: `timestamptz`, read as a JS Date (times are UTC on the wire). */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
