/**
 * People as people read them. Records keep the author's login in `create_by` (RuoYi's convention,
 * kept for compatibility); every screen, export and printed sheet shows the person's name instead.
 */

/**
 * The author the demo seed writes its rows as. No user logs in as `seed`, so its rows would
 * otherwise show a login nobody has; they read as 系统, like the scheduler's SYSTEM job group.
 */
export const SEED_AUTHOR = 'seed';
export const SYSTEM_AUTHOR_NAME = '系统';

/**
 * The name shown for the author `login`, given the user's nick name when one was found: the nick
 * name; the seed's rows as 系统; a login with no user (removed since, or written by an older
 * import) as the login itself, which at least says who it was.
 */
export function personNameOf(login: string, nickName: string | null | undefined): string {
  if (nickName !== null && nickName !== undefined && nickName.trim() !== '') return nickName;
  if (login === SEED_AUTHOR) return SYSTEM_AUTHOR_NAME;
  return login;
}
