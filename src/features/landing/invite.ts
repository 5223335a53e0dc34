// Public entry for `/:ref` only: a separate module so that `/` does not ship the invite note's client code.
export { InviteNote } from "./components/InviteNote";
