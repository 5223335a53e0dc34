export function StandingNotice() {
  return null;
}
