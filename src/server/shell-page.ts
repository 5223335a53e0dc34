import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { isSignedInShellMark, RENDER_HEADER } from "./shell-render";

/**
 * True while Next renders the shared signed-in shell of a page for the HTTP entry
 * (src/server/shell-render.ts): the request has no Cookie header, so nothing of any visitor can be
 * read; the page skips its sign-in gate and the layout renders the account chip as a placeholder.
 */
export const isSignedInShellRender = cache(
  async (): Promise<boolean> => isSignedInShellMark((await headers()).get(RENDER_HEADER)),
);
