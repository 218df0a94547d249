import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { personNameOf, SEED_AUTHOR, SYSTEM_AUTHOR_NAME } from './person-name.js';

describe('a person reads by name', () => {
  it('shows the nick name whenever the user has one', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
        (login, nick) => personNameOf(login, nick) === nick,
      ),
    );
  });

  it('reads the seed’s rows as 系统 and an unknown login as itself', () => {
    expect(personNameOf(SEED_AUTHOR, null)).toBe(SYSTEM_AUTHOR_NAME);
    expect(personNameOf('gone', null)).toBe('gone');
    expect(personNameOf('gone', '  ')).toBe('gone');
  });
});
