// Client-safe public API of the airdrop feature. Server code is in `@/features/airdrop/server`.
export { AirdropPage } from "./components/AirdropPage";
