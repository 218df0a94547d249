import {
  currentRole,
  currentRoleIds,
  DIALOG_WIDTH_ROLE_SWITCH_PX,
  ROLE_SWITCH_DIALOG,
  roleSwitchChoices,
  SESSION_MESSAGES,
  SWITCH_ROLE_FAILURE_CONFIRM,
} from '@dpms/core';
import { useState } from 'react';
import { useService } from '../../app/di';
import { useSession } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';

/** The switch-role dialog (000 §2, §4, §5): 450 px, not closed by clicking outside; core's rules. */
export function SwitchRoleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const sessionService = useService(TOKENS.Session);
  const feedback = useService(TOKENS.Feedback);
  const { session } = useSession();
  const [roleId, setRoleId] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    const result = await sessionService.switchRole(
      { roleId: roleId === '' ? null : Number(roleId), password },
      currentRoleIds(session),
    );
    if (result.ok) {
      sessionService.reload(result.value.reload);
      return;
    }
    setBusy(false);
    if (result.failure.kind === 'invalid') {
      setErrors(Object.fromEntries(result.failure.errors.map((e) => [e.field ?? '', e.message])));
      return;
    }
    setErrors({});
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
          <Button variant="primary" loading={busy} onClick={() => void submit()}>
            确定
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label={SESSION_MESSAGES.currentRoleLabel}>
          <p className="pt-1.5 text-ink" data-testid="current-role">
            {currentRole(session)?.roleName ?? ''}
          </p>
        </Field>
        <Field label={SESSION_MESSAGES.targetRoleLabel} required error={errors['roleId']}>
          <select
            className="input"
            aria-label={SESSION_MESSAGES.targetRoleLabel}
            value={roleId}
            onChange={(e) => setRoleId(e.target.value)}
          >
            <option value="">{SESSION_MESSAGES.roleRequired}</option>
            {roleSwitchChoices(session.heldRoles, session.roles).map((role) => (
              <option key={role.roleId} value={role.roleId} disabled={role.disabled}>
                {role.roleName}
              </option>
            ))}
          </select>
        </Field>
        <Field label={SESSION_MESSAGES.passwordLabel} required error={errors['password']}>
          <input
            className="input"
            type="password"
            aria-label={SESSION_MESSAGES.passwordLabel}
            autoComplete="current-password"
            maxLength={64}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
      </form>
    </Dialog>
  );
}
