export { SupportPage, SupportSkeleton, TicketPage } from "./SupportPage";
