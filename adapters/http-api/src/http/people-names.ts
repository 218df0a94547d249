import type { Express, Response } from 'express';
import { ALL_DATA, personNameOf, type PlatformRepositories } from '@dpms/core';

/**
 * A person as people read them: the nick name of a login name (`createBy`) or of a user id. An
 * export's person column names people this way, whatever the record stored.
 */
export type PersonNameSource = (who: string | number) => Promise<string | null>;

const LOCALS_KEY = 'personNames';

/** The users' nick names; an unknown user reads as `personNameOf` says (the login, or 系统). */
export const usersAsNames =
  (repos: Pick<PlatformRepositories, 'users'>): PersonNameSource =>
  async (who) => {
    const user =
      typeof who === 'number' || /^\d+$/.test(who)
        ? await repos.users.findById(Number(who), ALL_DATA)
        : await repos.users.findByUserName(who);
    return user?.nickName ?? null;
  };

/** Registers the name source on the app, where exports read it from their response. */
export function providePersonNames(app: Express, source: PersonNameSource): void {
  (app.locals as Record<string, unknown>)[LOCALS_KEY] = source;
}

/**
 * The name reader for one answer, remembering each person it has read (an export names the
 * same few people on many rows); without a source (a bare test app) a person reads as given.
 */
export function personNamesOf(res: Response): (who: string | number) => Promise<string> {
  const locals = (res.app as Express | undefined)?.locals as Record<string, unknown> | undefined;
  const source = locals?.[LOCALS_KEY] as PersonNameSource | undefined;
  const known = new Map<string, string>();
  return async (who) => {
    const key = String(who);
    if (source === undefined || key === '') return key;
    const hit = known.get(key);
    if (hit !== undefined) return hit;
    // The screens' rule (core's personNameOf): the demo seed's rows read 系统 here too.
    const name = personNameOf(key, await source(who));
    known.set(key, name);
    return name;
  };
}
