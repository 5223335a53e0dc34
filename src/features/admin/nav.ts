/** The console's sections, in navigation order; `moderator` marks what moderators may open. */
export const CONSOLE_SECTIONS = [
  { href: "/admin", label: "Overview", moderator: true },
  { href: "/admin/tasks", label: "Tasks", moderator: false },
  { href: "/admin/content", label: "Content", moderator: false },
  { href: "/admin/support", label: "Support", moderator: true },
  { href: "/admin/participants", label: "Participants", moderator: true },
  { href: "/admin/faucet", label: "Faucet", moderator: false },
  { href: "/admin/airdrop", label: "Airdrop", moderator: false },
  { href: "/admin/integrity", label: "Integrity", moderator: true },
  { href: "/admin/exports", label: "Exports", moderator: false },
  { href: "/admin/webhooks", label: "Webhooks", moderator: false },
  { href: "/admin/audit", label: "Audit", moderator: false },
  { href: "/admin/settings", label: "Settings", moderator: false },
  { href: "/admin/staff", label: "Staff", moderator: false },
] as const;

export function isCurrentSection(pathname: string, href: string): boolean {
  return href === "/admin" ? pathname === "/admin" : pathname === href || pathname.startsWith(`${href}/`);
}
