/** Duration of the scroll-to-top animation (000 §9). */
export const SCROLL_TO_TOP_MS = 800;

/**
 * The scroll position `elapsedMs` into an animated scroll from `from` to `to`, eased in and out
 * (quadratic, as the original's scroll helper). Clamped: before 0 it is `from`, from the end on
 * it is exactly `to`.
 */
export function scrollPositionAt(
  from: number,
  to: number,
  elapsedMs: number,
  durationMs: number = SCROLL_TO_TOP_MS,
): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return to;
  if (elapsedMs <= 0) return from;
  const change = to - from;
  let t = elapsedMs / (durationMs / 2);
  if (t < 1) return (change / 2) * t * t + from;
  t -= 1;
  return (-change / 2) * (t * (t - 2) - 1) + from;
}
