import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithServices } from '../../test/render';
import { Autocomplete } from './Autocomplete';

const NAMES = ['李项目', '何项目', '张主持'];

describe('Autocomplete', () => {
  it('searches 300 ms after the last keystroke, once', async () => {
    const search = vi.fn((q: string) => NAMES.filter((n) => n.includes(q)));
    const { clock } = renderWithServices(
      <Autocomplete
        search={search}
        labelOf={(n: string) => n}
        keyOf={(n) => n}
        onSelect={() => undefined}
        aria-label="姓名"
      />,
    );
    const input = screen.getByLabelText('姓名');
    fireEvent.change(input, { target: { value: '项' } });
    act(() => clock.advance(200));
    fireEvent.change(input, { target: { value: '项目' } });
    act(() => clock.advance(299));
    expect(search).not.toHaveBeenCalled();
    act(() => clock.advance(1));
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('项目');
    expect(await screen.findByRole('option', { name: '李项目' })).toBeTruthy();
    expect(screen.getByRole('option', { name: '何项目' })).toBeTruthy();
  });

  it('says 未找到匹配项 when nothing matches', async () => {
    const { clock } = renderWithServices(
      <Autocomplete
        search={() => []}
        labelOf={(n: string) => n}
        keyOf={(n) => n}
        onSelect={() => undefined}
        aria-label="姓名"
      />,
    );
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '无此人' } });
    act(() => clock.advance(300));
    expect(await screen.findByText('未找到匹配项')).toBeTruthy();
  });
});
