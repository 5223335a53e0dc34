export { PublicHelpPanel } from "./PublicHelpPanel";
export { PublicTicketPage } from "./PublicTicketPage";
export { SupportPage, SupportSkeleton, TicketPage } from "./SupportPage";
