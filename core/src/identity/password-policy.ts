import { domainError, err, ok, type Result } from '../shared/result.js';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;

/** A new password: 6 to 20 characters, no spaces at either end, not only digits repeated. */
export function checkNewPassword(password: string, field = 'newPassword'): Result<string> {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    return err(
      domainError(
        'VALIDATION.PASSWORD_LENGTH',
        `密码长度必须在 ${PASSWORD_MIN} 到 ${PASSWORD_MAX} 个字符之间`,
        field,
      ),
    );
  }
  if (password.trim() !== password) {
    return err(domainError('VALIDATION.PASSWORD_SPACES', '密码首尾不能包含空格', field));
  }
  if (/^(.)\1*$/.test(password)) {
    return err(domainError('VALIDATION.PASSWORD_WEAK', '密码不能由同一个字符重复组成', field));
  }
  return ok(password);
}
