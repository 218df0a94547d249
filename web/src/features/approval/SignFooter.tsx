import {
  computeSignFooter,
  imageSource,
  showSignFooter,
  type ApprovalDetailBO,
  type SignFooterRow,
} from '@dpms/core';

/**
 * A signature image, or the signer's text when they have none. The stored address goes through
 * core's `imageSource` rule: only the server's own signature and avatar images, an
 * inlined PNG or JPEG, or an object URL; anything else (a script, another origin, an API route)
 * shows no image.
 */
export function SignatureImage({ url, alt }: { url: string | null | undefined; alt: string }) {
  const src = imageSource(url);
  return src ? (
    <img src={src} alt={alt} className="h-10 max-w-40 object-contain" data-testid="sign-image" />
  ) : (
    <span className="text-xs text-muted">未设置签名</span>
  );
}

/**
 * The signature and opinion footer by signtype (000 §4): the drafter first, a row per finished
 * node with its signature image, the pending nodes (the current one open for 2 and 3), and for
 * 3 an opinion row labelled with the current node. Core decides which row is editable.
 */
export function SignFooter({
  signtype,
  detail,
  values,
  onChange,
  mySignUrl,
}: {
  signtype: number;
  detail: ApprovalDetailBO | undefined;
  /** Text typed into editable rows, by row key. */
  values: Readonly<Record<string, string>>;
  onChange?: (key: string, value: string) => void;
  /** The signer's own image, shown beside the row they are signing. */
  mySignUrl?: string | null;
}) {
  if (!showSignFooter(signtype)) return null;
  const footer = computeSignFooter(signtype, detail);
  const keyOf = (r: SignFooterRow, i: number) => `${r.kind}-${r.nodeId ?? i}`;
  return (
    <table className="w-full border-collapse text-sm" data-testid="sign-footer">
      <tbody>
        {footer.rows.map((row, i) => {
          const key = keyOf(row, i);
          const signUrl =
            row.signUrl ??
            (row.editable && (row.current || row.kind === 'opinion' || row.kind === 'drafter')
              ? (mySignUrl ?? null)
              : null);
          return (
            <tr
              key={key}
              className="border border-line"
              data-testid="sign-row"
              data-kind={row.kind}
              data-current={row.current || undefined}
            >
              <th
                scope="row"
                className="w-36 border-r border-line bg-canvas px-3 py-2 text-left font-medium text-ink-soft"
              >
                {row.label}
              </th>
              <td className="px-3 py-2">
                {row.editable && onChange ? (
                  <input
                    className="input"
                    aria-label={row.kind === 'opinion' ? '审批意见' : `${row.label}签署`}
                    maxLength={row.maxLength}
                    value={values[key] ?? row.text}
                    placeholder={row.kind === 'opinion' ? '请输入审批意见（20字以内）' : ''}
                    onChange={(e) => onChange(key, e.target.value)}
                  />
                ) : (
                  <span className="text-ink">
                    {row.text ||
                      (row.kind === 'pending' ? <span className="text-muted">待审批</span> : '')}
                  </span>
                )}
              </td>
              <td className="w-44 border-l border-line px-3 py-2">
                {row.kind === 'pending' && !row.editable ? null : (
                  <SignatureImage url={signUrl} alt={`${row.label}签名`} />
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The opinion the signer typed: the opinion row, else their row at the current node. */
export function typedOpinion(
  signtype: number,
  detail: ApprovalDetailBO | undefined,
  values: Readonly<Record<string, string>>,
): string {
  const rows = computeSignFooter(signtype, detail).rows;
  let current = '';
  rows.forEach((r, i) => {
    const key = `${r.kind}-${r.nodeId ?? i}`;
    if (r.kind === 'opinion' && (values[key] ?? '').trim() !== '') current = values[key] ?? '';
  });
  if (current !== '') return current.trim();
  rows.forEach((r, i) => {
    const key = `${r.kind}-${r.nodeId ?? i}`;
    if (r.current && r.editable && (values[key] ?? '').trim() !== '') current = values[key] ?? '';
  });
  return current.trim();
}
