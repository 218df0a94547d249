import { WIDGET_MESSAGES } from './widget-messages.js';

/** Dialog widths in px (000 §9). */
export const DIALOG_WIDTH_DEFAULT_PX = 600;
export const DIALOG_WIDTH_ROLE_SWITCH_PX = 450;
export const DIALOG_WIDTH_PREVIEW_PDF_PX = 800;
export const DIALOG_WIDTH_PREVIEW_IMAGE_PX = 500;

/** Width of the file preview dialog: 800 for a pdf, 500 for an image. */
export function previewDialogWidth(isPdf: boolean): number {
  return isPdf ? DIALOG_WIDTH_PREVIEW_PDF_PX : DIALOG_WIDTH_PREVIEW_IMAGE_PX;
}

export interface DialogOptions {
  readonly title: string;
  readonly widthPx: number;
  readonly modal: boolean;
  /** False when clicking the mask must not close the dialog. */
  readonly closeOnClickOutside: boolean;
  /** False when Esc must not close the dialog. */
  readonly closeOnEscape: boolean;
}

/** The tips dialog: '提示信息', 600 px, modal, not closed by clicking outside (000 §2). */
export const TIPS_DIALOG: DialogOptions = {
  title: WIDGET_MESSAGES.tipsDialogTitle,
  widthPx: DIALOG_WIDTH_DEFAULT_PX,
  modal: true,
  closeOnClickOutside: false,
  // Why Esc still closes: the spec only forbids closing by clicking outside for this dialog.
  closeOnEscape: true,
};

/** What the tips dialog does when it has no types to show: a confirm, then it closes. */
export const TIPS_LOAD_FAILED = {
  message: WIDGET_MESSAGES.tipsLoadFailed,
  title: WIDGET_MESSAGES.tipsLoadFailedTitle,
} as const;

/** The confirm dialog's message, falling back to '网络异常，请稍后重试' when empty (000 §5). */
export function confirmMessage(message: string | null | undefined): string {
  const text = message?.trim() ?? '';
  return text === '' ? WIDGET_MESSAGES.confirmFallback : text;
}
