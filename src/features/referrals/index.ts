// Client-safe public API of the referrals feature. Server code is in `@/features/referrals/server`.
export { FriendsPanel } from "./components/FriendsPanel";
