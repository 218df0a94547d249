/**
 * The message catalogue of the shared widgets (000 §2, §5, §8). One place for every user-facing
 * string of this slice, so it can be translated. Where the spec gives the Chinese words they are
 * used verbatim; where it gives only an English gloss the Chinese is ours (see CHOICES.md).
 */
export const WIDGET_MESSAGES = {
  /** Table loading text ("loading"). */
  tableLoading: '加载中',
  /** Table empty text ("no data"). */
  tableEmpty: '暂无数据',
  /** Shown after 5 s of loading ("data preparing, please wait"). */
  tableLoadingPreparing: '数据准备中，请稍候',
  /** Shown after 10 s of loading ("network slow"). */
  tableLoadingSlow: '网络较慢，请耐心等待',
  /** Shown after 20 s of loading ("network congested"). */
  tableLoadingCongested: '网络拥堵，请耐心等待',
  /** Label of the first cell of the sum row; Element UI's default, which the original used. */
  tableSumLabel: '合计',
  /** Autocomplete with no result (000 §8, spec's own Chinese). */
  autocompleteNoMatch: '未找到匹配项',
  /** Tips dialog title ("tip information"). */
  tipsDialogTitle: '提示信息',
  /** Tips dialog with no types ("tip information failed to load, please retry later"). */
  tipsLoadFailed: '提示信息加载失败，请稍后重试',
  /** Title of that failure confirm ("tip"). */
  tipsLoadFailedTitle: '提示',
  /** Confirm dialog with an empty message ("network exception, please retry later"). */
  confirmFallback: '网络异常，请稍后重试',
  /** Title of the pdf preview dialog ("preview file"). */
  previewDialogTitle: '预览文件',
} as const;

export type WidgetMessageKey = keyof typeof WIDGET_MESSAGES;
