// Public entry for `/:ref` only: a separate module so that `/` does not ship the invite note's client code.
// Server component: it looks up the code's owner to say who invited the visitor.
export { InviterNote as InviteNote } from "./components/InviterNote";
