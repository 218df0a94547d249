import {
  DEFAULT_INSTITUTE_TIME_ZONE,
  formatDate,
  formatInstant,
  instituteDay,
  instituteMonth,
  instituteYear,
} from '@dpms/core';
import { createContext, useContext, useMemo, type ReactNode } from 'react';

/**
 * The institute's clock as the screens read it: core's one formatting rule bound to the
 * configured zone. Every time and date a screen shows goes through it, so a browser in UTC or
 * with an English locale shows the institute's wall clock, the same minute the PDF prints.
 */
export interface InstituteClock {
  readonly zone: string;
  /** An instant (ISO 8601 with an offset, or a Date) as `yyyy-MM-dd HH:mm`; other text as it is. */
  readonly instant: (value: string | Date | null | undefined) => string;
  /** An instant's institute day, or a date, as `yyyy-MM-dd`. */
  readonly date: (value: string | Date | null | undefined) => string;
  /** Today, this month and this year on the institute's calendar. */
  readonly today: () => string;
  readonly thisMonth: () => string;
  readonly thisYear: () => number;
}

export function instituteClock(zone: string = DEFAULT_INSTITUTE_TIME_ZONE): InstituteClock {
  return {
    zone,
    instant: (value) => formatInstant(value, zone),
    date: (value) => formatDate(value, zone),
    today: () => instituteDay(new Date(), zone),
    thisMonth: () => instituteMonth(new Date(), zone),
    thisYear: () => instituteYear(new Date(), zone),
  };
}

const ClockContext = createContext<InstituteClock>(instituteClock());

/** Provides the clock of `zone` (the config value the web read after sign-in). */
export function InstituteClockProvider({ zone, children }: { zone: string; children: ReactNode }) {
  const clock = useMemo(() => instituteClock(zone), [zone]);
  return <ClockContext.Provider value={clock}>{children}</ClockContext.Provider>;
}

/** The institute's clock; Asia/Shanghai until the configured zone is known. */
export function useInstituteClock(): InstituteClock {
  return useContext(ClockContext);
}
