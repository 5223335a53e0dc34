/** The seed's two 404 texts: a non-fatal unmatched path, and a route whose validate step failed. */
export const pageNotFoundMessage = (path: string) => `Page not found: ${path}`;
export const invalidRouteMessage = (path: string) => `Page Not Found: ${path}`;
