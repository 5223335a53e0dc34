// The one rows helper lives in src/db/rows.ts; this feature's modules keep importing it from here.
export { rowsOf } from "@/db/rows";
