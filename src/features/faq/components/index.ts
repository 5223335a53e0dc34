export { FaqPage } from "./FaqPage";
