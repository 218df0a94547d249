import { renderHook, screen } from '@testing-library/react';
import fc from 'fast-check';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithServices } from '../../test/render';
import { DataTable } from '../table/DataTable';
import { InstituteClockProvider, useInstituteClock } from './institute-clock';
import { onALaptopAbroad } from '../../test/abroad';

const HOUR = 3_600_000;
/** The independent reading: Asia/Shanghai is UTC+8 all year (no daylight saving since 1991). */
const shanghai = (t: number): string => {
  const s = new Date(t + 8 * HOUR).toISOString();
  return `${s.slice(0, 10)} ${s.slice(11, 16)}`;
};

onALaptopAbroad();

describe('the clock the screens use', () => {
  it('shows any instant near a Shanghai midnight as its wall clock, and its day', () => {
    const { result } = renderHook(() => useInstituteClock());
    fc.assert(
      fc.property(
        fc.integer({
          min: Date.UTC(2000, 0, 1) / 86_400_000,
          max: Date.UTC(2090, 0, 1) / 86_400_000,
        }),
        fc.integer({ min: -3 * HOUR, max: 3 * HOUR }),
        (day, delta) => {
          const t = day * 86_400_000 - 8 * HOUR + delta;
          const iso = new Date(t).toISOString();
          expect(result.current.instant(iso)).toBe(shanghai(t));
          expect(result.current.date(iso)).toBe(shanghai(t).slice(0, 10));
        },
      ),
    );
  });

  it('reads the provided zone', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <InstituteClockProvider zone="UTC">{children}</InstituteClockProvider>
    );
    const { result } = renderHook(() => useInstituteClock(), { wrapper });
    expect(result.current.zone).toBe('UTC');
    expect(result.current.instant('2026-11-25T15:59:00+08:00')).toBe('2026-11-25 07:59');
  });
});

describe('a list showing a create time without a renderer of its own', () => {
  it('shows it on the institute clock, while a date stays a date', () => {
    renderWithServices(
      <DataTable
        columns={[
          { key: 'createTime', title: '创建时间' },
          { key: 'signDate', title: '签订日期' },
        ]}
        rows={[{ id: 1, createTime: '2026-11-25T16:30:00.000Z', signDate: '2026-11-25' }]}
        rowKey="id"
      />,
    );
    const cells = screen.getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toContain('2026-11-26 00:30');
    expect(cells).toContain('2026-11-25');
  });
});
