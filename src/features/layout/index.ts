export { Logo } from "./Logo";
export { isActive, NAV_ITEMS } from "./nav-items";
export { SiteFooter } from "./SiteFooter";
export { SiteHeader } from "./SiteHeader";
