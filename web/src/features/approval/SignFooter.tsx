import {
  computeSignFooter,
  imageSource,
  showSignFooter,
  type ApprovalDetailBO,
  type ApprovalNodeRecord,
  type SignFooterRow,
} from '@dpms/core';
import { approvalOpinion } from '@dpms/wire';
import { useInstituteClock } from '../../components/time/institute-clock';

/**
 * A signature image, or a quiet note when there is none: 未留签名 where someone signed without
 * an image, or `missing` (未设置签名 for the viewer's own box). The stored address goes through
 * core's `imageSource` rule: only the server's own signature and avatar images, an
 * inlined PNG or JPEG, or an object URL; anything else (a script, another origin, an API route)
 * shows no image.
 */
export function SignatureImage({
  url,
  alt,
  missing = '未留签名',
}: {
  url: string | null | undefined;
  alt: string;
  missing?: string;
}) {
  const src = imageSource(url);
  return src ? (
    <img src={src} alt={alt} className="h-10 max-w-40 object-contain" data-testid="sign-image" />
  ) : (
    <span className="text-xs text-muted" data-testid="sign-missing">
      {missing}
    </span>
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
  opinionError,
  drafter,
}: {
  signtype: number;
  detail: ApprovalDetailBO | undefined;
  /** Text typed into editable rows, by row key. */
  values: Readonly<Record<string, string>>;
  onChange?: (key: string, value: string) => void;
  /** The signer's own image, shown beside the row they are signing. */
  mySignUrl?: string | null;
  /** A server 400's message for the `opinion` field, shown beside the opinion box. */
  opinionError?: string | undefined;
  /** Who drafted the approval and when it was sent, shown under the 拟稿人 row's image. */
  drafter?: { readonly name: string; readonly time?: string | undefined } | undefined;
}) {
  if (!showSignFooter(signtype)) return null;
  const footer = computeSignFooter(signtype, detail);
  // The finished rows follow approvalNodeList in order: the record beside each names its signer.
  const signed = detail?.approvalNodeList ?? [];
  let finished = 0;
  const keyOf = (r: SignFooterRow, i: number) => `${r.kind}-${r.nodeId ?? i}`;
  return (
    <table className="w-full border-collapse text-sm" data-testid="sign-footer">
      <tbody>
        {footer.rows.map((row, i) => {
          const key = keyOf(row, i);
          const signingNow =
            row.editable && (row.current || row.kind === 'opinion' || row.kind === 'drafter');
          const signUrl = row.signUrl ?? (signingNow ? (mySignUrl ?? null) : null);
          const record = row.kind === 'finished' ? signed[finished++] : undefined;
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
                  <SignInput
                    row={row}
                    value={values[key] ?? row.text}
                    onChange={(v) => onChange(key, v)}
                    serverProblem={row.kind === 'opinion' ? opinionError : undefined}
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
                  <SignatureImage
                    url={signUrl}
                    alt={`${row.label}签名`}
                    missing={signingNow ? '未设置签名' : '未留签名'}
                  />
                )}
                {record && <SignedBy record={record} />}
                {row.kind === 'drafter' && drafter && !row.editable && (
                  <SignedBy
                    record={{ approvalUserName: drafter.name, approvalTime: drafter.time }}
                  />
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Who signed a row and when, under its image, on the institute's clock. */
function SignedBy({
  record,
}: {
  record: Pick<ApprovalNodeRecord, 'approvalUserName' | 'approvalTime'>;
}) {
  const clock = useInstituteClock();
  const name = record.approvalUserName ?? '';
  const time = record.approvalTime === undefined ? '' : clock.instant(record.approvalTime);
  if (name === '' && time === '') return null;
  return (
    <div className="mt-1 text-xs text-ink-soft" data-testid="sign-by">
      {name}
      {name !== '' && time !== '' ? ' ' : ''}
      {time}
    </div>
  );
}

/**
 * An editable sign or opinion box. It holds what the wire's opinion schema (core's rule: at most
 * 20 characters once trimmed) takes, and shows that schema's message beside the box, as the
 * server would refuse it, for text the length limit of the box did not stop (a paste, a fill).
 */
function SignInput({
  row,
  value,
  onChange,
  serverProblem,
}: {
  row: SignFooterRow;
  value: string;
  onChange: (value: string) => void;
  serverProblem?: string | undefined;
}) {
  const problem = approvalOpinion.safeParse(value).error?.issues[0]?.message ?? serverProblem;
  const opinion = row.kind === 'opinion';
  return (
    <>
      <input
        className="input"
        aria-label={opinion ? '审批意见' : `${row.label}签署`}
        aria-invalid={problem !== undefined}
        maxLength={row.maxLength}
        value={value}
        placeholder={opinion ? `请输入审批意见（${row.maxLength}字以内）` : ''}
        onChange={(e) => onChange(e.target.value)}
      />
      {problem && (
        <p role="alert" className="mt-1 text-xs text-danger-600">
          {problem}
        </p>
      )}
    </>
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
