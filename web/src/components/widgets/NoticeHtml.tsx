/**
 * A notice's content (通知公告), as the server stored it: HTML already cut down to simple
 * formatting by the server's sanitizer on the way in (no script, style, event handler or
 * javascript: address survives it), so it is drawn as HTML here, as RuoYi's editor wrote it.
 */
export function NoticeHtml({ html, testId }: { html: string; testId?: string }) {
  return html.trim() === '' ? (
    <p className="text-sm text-muted">（无内容）</p>
  ) : (
    <div
      className="notice-html space-y-2 text-sm leading-6 text-ink [&_a]:text-brand-600 [&_a]:underline [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
      data-testid={testId}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
