// Server- and client-safe primitives. Client-only ones are imported by path (`@/ui/CopyButton`) so
// that importing this barrel never adds client JavaScript to a page.
export { AmountField, type AmountFieldProps } from "./AmountField";
export { Button, ButtonLink, type ButtonLinkProps, type ButtonProps, buttonClasses } from "./Button";
export { Card, type CardProps } from "./Card";
export { cn } from "./cn";
export { DisclosureChevron } from "./DisclosureChevron";
export { EmptyState, type EmptyStateProps } from "./EmptyState";
export { Field, type FieldProps, FormRow, type FormRowProps, Input, type InputProps } from "./Field";
export { hashLinkClasses } from "./link-styles";
export { PageContainer } from "./PageContainer";
export { PageHeader, type PageHeaderProps } from "./PageHeader";
export { PageLink, type PageLinkProps } from "./PageLink";
export { ScrollRegion, type ScrollRegionProps } from "./ScrollRegion";
export { SegmentedTabs, type SegmentedTabsProps } from "./SegmentedTabs";
export { Skeleton, type SkeletonProps } from "./Skeleton";
export { type Step, Stepper, type StepStatus } from "./Stepper";
