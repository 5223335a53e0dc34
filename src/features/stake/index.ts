// Public API of the stake feature (client-safe: page components and pure helpers).
export { StakePage } from "./components/StakePage";
