// Client-safe public API of the swap feature. Route handlers use `./server`. The shared transaction
// runner, approvals and wallet errors are in src/web3; amounts in src/lib/amount.ts.
export { SwapPage } from "./components/SwapPage";
