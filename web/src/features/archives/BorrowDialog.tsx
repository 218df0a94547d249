import { addDays, ARCHIVE_PLEDGE_MAX, charCount, DEFAULT_ARCHIVE_PLEDGE } from '@dpms/core';
import type { ArchiveRow } from '@dpms/http-client';
import { archiveBorrowFormBody, REQUIRED_BORROW_FIELDS } from '@dpms/wire';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { useActionKeys } from '../../components/crud/action-keys';
import { useInstituteClock } from '../../components/time/institute-clock';
import { Button } from '../../components/ui/Button';
import { DateInput } from '../../components/ui/DateInput';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { useArchiveGateway } from './archive-hooks';
import { landRefusal, wireResolver } from '../../components/form/wire-form';

const input = 'w-full rounded border border-line px-2 py-1.5 text-sm';

interface BorrowFormValues {
  purpose: string;
  startDate: string;
  endDate: string;
  pledge: string;
}
type BorrowField = keyof BorrowFormValues;
const FORM_FIELDS = new Set<string>(['purpose', 'startDate', 'endDate', 'pledge']);
const REQUIRED = new Set<string>(REQUIRED_BORROW_FIELDS);

const initial = (today: string): BorrowFormValues => ({
  purpose: '',
  startDate: today,
  endDate: addDays(today, 6),
  pledge: DEFAULT_ARCHIVE_PLEDGE,
});

/**
 * 借阅申请: purpose, period and the confidentiality pledge. The form checks with the wire body
 * of its call (core's borrowing rules on the institute's day, react-hook-form's zodResolver): the
 * required fields are marked, every field's problem shows beside it at once, and a server refusal
 * of a field lands on that field. The request goes under one Idempotency-Key per intent, kept
 * while its answer is lost, so a retry never makes a second borrowing.
 */
export function BorrowDialog({
  archive,
  onClose,
  onSaved,
}: {
  archive: ArchiveRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const gateway = useArchiveGateway();
  const feedback = useService(TOKENS.Feedback);
  const keys = useActionKeys();
  const clock = useInstituteClock();
  const today = clock.today();
  const todayRef = useRef(today);
  todayRef.current = today;
  const archiveId = archive?.archiveId;
  const [busy, setBusy] = useState(false);
  const form = useForm<BorrowFormValues>({
    defaultValues: initial(today),
    resolver: wireResolver<BorrowFormValues>(archiveBorrowFormBody(todayRef.current), {
      bodyOf: (values) => ({ ...values, archiveId }),
    }),
  });
  const { control, register, formState, setError, handleSubmit, reset } = form;
  const errors = formState.errors;
  useEffect(() => reset(initial(today)), [archiveId, today, reset]);
  const pledge = useWatch({ control, name: 'pledge' });
  const count = charCount(pledge ?? '');
  const mark = (field: BorrowField) => ({
    required: REQUIRED.has(field),
    error: errors[field]?.message,
  });

  const send = async (values: BorrowFormValues) => {
    if (archive === null) return;
    setBusy(true);
    const outcome = await keys.run(`borrow-${String(archive.archiveId)}`, (key) =>
      gateway.borrow({ archiveId: archive.archiveId, ...values }, { idempotencyKey: key }),
    );
    setBusy(false);
    if (outcome.ok) {
      feedback.success('借阅申请已提交审批');
      onSaved();
      onClose();
      return;
    }
    if (!landRefusal(outcome.error, FORM_FIELDS, setError)) feedback.error(outcome.message);
  };

  return (
    <Dialog
      open={archive !== null}
      onClose={onClose}
      title="档案借阅申请（调档承诺书）"
      width={640}
      testId="borrow-dialog"
      footer={
        <Button
          variant="primary"
          data-testid="borrow-submit"
          disabled={busy}
          onClick={() => void handleSubmit(send)()}
        >
          提交审批
        </Button>
      }
    >
      {archive && (
        <div className="grid gap-3">
          <div className="text-sm">
            档案：{archive.archiveName}
            {archive.archiveNo && `（${archive.archiveNo}）`}
          </div>
          <Field label="借阅目的" {...mark('purpose')}>
            <input className={input} aria-label="借阅目的" {...register('purpose')} />
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field label="开始日期" {...mark('startDate')}>
              <DateInput className={input} aria-label="开始日期" {...register('startDate')} />
            </Field>
            <Field label="结束日期" {...mark('endDate')}>
              <DateInput className={input} aria-label="结束日期" {...register('endDate')} />
            </Field>
          </div>
          <Field label="保密承诺" {...mark('pledge')}>
            <textarea className={`${input} h-40`} aria-label="保密承诺" {...register('pledge')} />
            <div
              className={`text-right text-xs ${count > ARCHIVE_PLEDGE_MAX ? 'text-danger' : 'text-ink-soft'}`}
              data-testid="pledge-counter"
            >
              {count}/{ARCHIVE_PLEDGE_MAX}
            </div>
          </Field>
        </div>
      )}
    </Dialog>
  );
}
