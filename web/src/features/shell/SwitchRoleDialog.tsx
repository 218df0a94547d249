import {
  currentRole,
  currentRoleIds,
  DIALOG_WIDTH_ROLE_SWITCH_PX,
  ROLE_SWITCH_DIALOG,
  roleSwitchChoices,
  REQUIRED_ROLE_SWITCH_FIELDS,
  SESSION_MESSAGES,
  SIGN_IN_LIMITS,
  SWITCH_ROLE_FAILURE_CONFIRM,
} from '@dpms/core';
import { changeRoleBody } from '@dpms/wire';
import { useState } from 'react';
import { useService } from '../../app/di';
import { useSession } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { landProblems, useWireForm } from '../../components/form/wire-form';

interface SwitchRoleValues {
  roleId: string;
  password: string;
}

const FIELDS = ['roleId', 'password'] as const;
const REQUIRED = new Set<string>(REQUIRED_ROLE_SWITCH_FIELDS);

/**
 * The switch-role dialog (000 §2, §4, §5): 450 px, not closed by clicking outside; core's rules.
 * The form checks with the @dpms/wire body /changeRole reads, so a missing role and a blank
 * password show beside their fields at once (core's 请选择角色 / 请输入密码) and nothing is sent;
 * a refusal of a field (core's use case: the role in force, or the server's 400 naming it) lands
 * beside that field. Any other failure is the spec's: sign in again. /changeRole takes no
 * Idempotency-Key: it ends the session, so a repeat could only answer 401.
 */
export function SwitchRoleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const sessionService = useService(TOKENS.Session);
  const feedback = useService(TOKENS.Feedback);
  const { session } = useSession();
  const [busy, setBusy] = useState(false);
  const { form } = useWireForm<SwitchRoleValues>(changeRoleBody, { roleId: '', password: '' });
  const { register, handleSubmit, setError, formState } = form;
  const errors = formState.errors;

  const switchTo = async (values: SwitchRoleValues) => {
    setBusy(true);
    const result = await sessionService.switchRole(
      { roleId: values.roleId === '' ? null : Number(values.roleId), password: values.password },
      currentRoleIds(session),
    );
    if (result.ok) {
      sessionService.reload(result.value.reload);
      return;
    }
    setBusy(false);
    if (result.failure.kind === 'invalid') {
      if (landProblems(result.failure.errors, FIELDS, setError)) return;
      feedback.error(result.failure.errors[0]?.message ?? SWITCH_ROLE_FAILURE_CONFIRM.message);
      return;
    }
    const ok = await feedback.confirm({
      title: SWITCH_ROLE_FAILURE_CONFIRM.title,
      message: SWITCH_ROLE_FAILURE_CONFIRM.message,
      showCancel: false,
    });
    if (ok) {
      await sessionService.logout().catch(() => undefined);
      sessionService.reload(SWITCH_ROLE_FAILURE_CONFIRM.thenGoTo);
    }
  };
  const submit = () => void handleSubmit(switchTo)();

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={ROLE_SWITCH_DIALOG.title}
      width={DIALOG_WIDTH_ROLE_SWITCH_PX}
      closeOnClickOutside={ROLE_SWITCH_DIALOG.closeOnClickOutside}
      testId="switch-role-dialog"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" loading={busy} onClick={submit}>
            确定
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field label={SESSION_MESSAGES.currentRoleLabel}>
          <p className="pt-1.5 text-ink" data-testid="current-role">
            {currentRole(session)?.roleName ?? ''}
          </p>
        </Field>
        <Field
          label={SESSION_MESSAGES.targetRoleLabel}
          required={REQUIRED.has('roleId')}
          error={errors.roleId?.message}
        >
          <select
            className="input"
            aria-label={SESSION_MESSAGES.targetRoleLabel}
            {...register('roleId')}
          >
            <option value="">{SESSION_MESSAGES.roleRequired}</option>
            {roleSwitchChoices(session.heldRoles, session.roles).map((role) => (
              <option key={role.roleId} value={role.roleId} disabled={role.disabled}>
                {role.roleName}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={SESSION_MESSAGES.passwordLabel}
          required={REQUIRED.has('password')}
          error={errors.password?.message}
        >
          <input
            className="input"
            type="password"
            aria-label={SESSION_MESSAGES.passwordLabel}
            autoComplete="current-password"
            maxLength={SIGN_IN_LIMITS.password}
            {...register('password')}
          />
        </Field>
      </form>
    </Dialog>
  );
}
