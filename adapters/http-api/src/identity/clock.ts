/** Time as a port: tests move it to expire sessions and captchas. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
