// The /wallet page and its send form. Kept out of ./index.ts: they import the wallet modal, which
// itself imports ./index.ts for its Tokens and Activity tabs.
export { SendForm, type SendFormProps } from "./components/SendForm";
export { WalletPage, type WalletPageProps } from "./components/WalletPage";
