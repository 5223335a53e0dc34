import "server-only";

// The landing feature's server entry (docs/ARCHITECTURE.md, "Feature entries"): the `/:ref` invite
// note (a server component that looks up who invited the visitor) and the live figures.
export { InviterNote as InviteNote } from "./components/InviterNote";
export { LiveFigures } from "./server/LiveFigures";
