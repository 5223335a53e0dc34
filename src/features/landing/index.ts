export { LandingPage, type LandingPageProps } from "./components/LandingPage";
export { CAMPAIGN_FEATURES } from "./features";
