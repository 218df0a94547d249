/** One rotation step of the PDF viewer, in degrees. */
export const PDF_ROTATION_STEP = 90;

export type RotationDirection = 'clockwise' | 'counterclockwise';

/**
 * The next rotation: ±90 degrees, wrapping to 0 when it reaches +360 or -360 (000 §2).
 * Why keep negative angles: the original kept the signed sum and only wrapped at ±360, so
 * turning left from 0 gives -90, -180, -270, then 0; CSS `rotate()` renders both forms alike.
 * An angle that is not a multiple of 90 in (-360, 360) is first snapped to one.
 */
export function rotatePdf(rotation: number, direction: RotationDirection): number {
  const current = normalizeRotation(rotation);
  const next = current + (direction === 'clockwise' ? PDF_ROTATION_STEP : -PDF_ROTATION_STEP);
  return Math.abs(next) >= 360 ? 0 : next;
}

/** A rotation snapped to a multiple of 90 strictly between -360 and 360. */
export function normalizeRotation(rotation: number): number {
  if (!Number.isFinite(rotation)) return 0;
  const snapped = Math.round(rotation / PDF_ROTATION_STEP) * PDF_ROTATION_STEP;
  const wrapped = snapped % 360;
  return wrapped === 0 ? 0 : wrapped; // Why: -0 % 360 is -0; the viewer wants a plain 0.
}

/**
 * A page number kept within 1..pageCount. A document not yet loaded (pageCount 0) stays on 1.
 */
export function clampPdfPage(page: number, pageCount: number): number {
  const last = Math.max(1, Math.floor(pageCount));
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), last);
}

export function previousPdfPage(page: number, pageCount: number): number {
  return clampPdfPage(page - 1, pageCount);
}

export function nextPdfPage(page: number, pageCount: number): number {
  return clampPdfPage(page + 1, pageCount);
}

export function canGoToPreviousPdfPage(page: number, pageCount: number): boolean {
  return clampPdfPage(page, pageCount) > 1;
}

export function canGoToNextPdfPage(page: number, pageCount: number): boolean {
  return clampPdfPage(page, pageCount) < Math.max(1, Math.floor(pageCount));
}
