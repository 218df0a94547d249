import fc from 'fast-check';

/** Every five-field expression the crontab syntax allows, Sunday written as 0 or 7. */
export const anyCron = () => {
  const field = (min: number, max: number, stepMax = max) =>
    fc.oneof(
      fc.constant('*'),
      fc.integer({ min: 1, max: stepMax }).map((n) => `*/${n}`),
      fc
        .uniqueArray(fc.integer({ min, max }), { minLength: 1, maxLength: 4 })
        .map((v) => v.join(',')),
      fc
        .tuple(fc.integer({ min, max }), fc.integer({ min, max }))
        .map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`),
    );
  return fc
    .tuple(field(0, 59), field(0, 23), field(1, 31), field(1, 12), field(0, 7, 6))
    .map((f) => f.join(' '));
};
