export { FaqPage, FaqSkeleton } from "./FaqPage";
