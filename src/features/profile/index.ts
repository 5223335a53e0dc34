// Client-safe public API of the profile feature (the optional email). Server code: ./server.ts.
export { ProfileEmailForm } from "./components/ProfileEmailForm";
export { ProfilePage } from "./page";
