export { AccountTabs } from "./AccountTabs";
export { Logo } from "./Logo";
export { SiteFooter } from "./SiteFooter";
export { SiteHeader } from "./SiteHeader";
export { MAIN_ID, SkipLink } from "./SkipLink";
