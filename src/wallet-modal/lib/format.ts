// The modal's formatting is the app's (src/lib): one address shortener and one balance format.
export { shortenAddress } from "@/lib/address";
export { formatBalance } from "@/lib/amount";
