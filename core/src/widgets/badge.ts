/** Counts above this show as `99+` (000 §4, §9). */
export const BADGE_CAP = 99;

/**
 * The text of a count badge: nothing at 0 (the badge is hidden), the number up to the cap, and
 * `99+` above it. Shared by the sidebar's Approval menu and the notification icon.
 *
 * Why negative, fractional or non-finite counts give no badge: the count comes from the server;
 * a value that is not a positive count means there is nothing to process.
 */
export function formatBadge(count: number, cap: number = BADGE_CAP): string | undefined {
  if (!Number.isFinite(count) || count < 1) return undefined;
  const whole = Math.floor(count);
  return whole > cap ? `${cap}+` : String(whole);
}
