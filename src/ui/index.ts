// Server- and client-safe primitives. Client-only ones are imported by path (`@/ui/CopyButton`) so
// that importing this barrel never adds client JavaScript to a page; a client component that imports
// it gets only what it uses (package.json "sideEffects", docs/ARCHITECTURE.md "Client bundles").
export { AmountField } from "./AmountField";
export { Button, ButtonLink } from "./Button";
export { Card } from "./Card";
export { cn } from "./cn";
export { DisclosureChevron } from "./DisclosureChevron";
export { EmptyState } from "./EmptyState";
export { Field, FormRow, Input } from "./Field";
export { hashLinkClasses } from "./link-styles";
export { MorePages } from "./MorePages";
export { PageContainer } from "./PageContainer";
export { PageHeader } from "./PageHeader";
export { PageLink } from "./PageLink";
export { ScrollRegion } from "./ScrollRegion";
export { SegmentedTabs } from "./SegmentedTabs";
export { Skeleton } from "./Skeleton";
export { Stepper } from "./Stepper";
