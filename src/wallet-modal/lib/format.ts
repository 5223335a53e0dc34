// The modal's formatting is the app's (src/lib): one address shortener and the one number formatter
// (src/lib/format.ts through useFormat, bound to the visitor's locale).
export { shortenAddress } from "@/lib/address";
export { useFormat } from "@/lib/locale";
