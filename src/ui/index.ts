export { Button, ButtonLink, type ButtonLinkProps, type ButtonProps, buttonClasses } from "./Button";
export { Card, type CardProps } from "./Card";
export { CopyButton, type CopyButtonProps } from "./CopyButton";
export { cn } from "./cn";
export { EmptyState, type EmptyStateProps } from "./EmptyState";
export { Field, type FieldProps, Input, type InputProps } from "./Field";
export { PageContainer } from "./PageContainer";
export { PageHeader, type PageHeaderProps } from "./PageHeader";
export { Skeleton, type SkeletonProps } from "./Skeleton";
