import type { Express, Response } from 'express';
import {
  DEFAULT_INSTITUTE_TIME_ZONE,
  instituteDaysRange,
  INSTITUTE_TIME_ZONE_CONFIG_KEY,
  parseTimeZone,
  type PlatformRepositories,
} from '@dpms/core';

/** Reads the institute's time zone when an answer needs it (an export, a server-side "today"). */
export type InstituteZoneSource = () => Promise<string>;

const LOCALS_KEY = 'instituteZone';

/**
 * The zone source of the configs: asked at each use, so a change applies at once on every
 * instance. Given the container's repositories it answers from the config cache, which the
 * database's announcements keep current (config/config-cache.ts), so it costs no query.
 */
export const configuredZone =
  (repos: Pick<PlatformRepositories, 'configs'>): InstituteZoneSource =>
  async () =>
    parseTimeZone(await repos.configs.valueOf(INSTITUTE_TIME_ZONE_CONFIG_KEY));

/** Registers the zone source on the app, where exports read it from their response. */
export function provideInstituteZone(app: Express, source: InstituteZoneSource): void {
  (app.locals as Record<string, unknown>)[LOCALS_KEY] = source;
}

/** The institute's zone for this response; the default zone in an app without configs. */
export async function instituteZoneOf(res: Response): Promise<string> {
  const locals = (res.app as Express | undefined)?.locals as Record<string, unknown> | undefined;
  const source = locals?.[LOCALS_KEY];
  return typeof source === 'function'
    ? await (source as InstituteZoneSource)()
    : DEFAULT_INSTITUTE_TIME_ZONE;
}

/**
 * A list's day filter (`params[beginTime]`/`params[endTime]`) as the instants of the institute's
 * days: a day begins at midnight in the configured zone, not the server's.
 */
export async function instituteDaysOf(
  res: Response,
  days: { readonly beginTime?: string; readonly endTime?: string } | undefined,
): Promise<{ readonly from?: Date; readonly to?: Date } | undefined> {
  return days ? instituteDaysRange(days, await instituteZoneOf(res)) : undefined;
}
