export { AccountTabs } from "./AccountTabs";
export { SiteFooter } from "./SiteFooter";
export { SiteHeader } from "./SiteHeader";
export { MAIN_ID, SkipLink } from "./SkipLink";
