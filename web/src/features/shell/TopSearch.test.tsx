import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { TopSearch } from './TopSearch';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

const hit = (kind: string, id: number, label: string, secondary: string, route: string) => ({
  kind,
  id,
  label,
  secondary,
  route,
});

const ANSWER = {
  code: 200,
  msg: '操作成功',
  data: [
    {
      kind: 'contract',
      title: '合同',
      hits: [
        hit('contract', 7, '滨江设计合同', 'HT-7 · 滨江集团', '/project/contractList?contractId=7'),
        hit('contract', 3, '滨江咨询合同', 'HT-3', '/project/unSignList?contractId=3'),
      ],
    },
    {
      kind: 'approval',
      title: '审批',
      hits: [hit('approval', 9, '滨江用印申请', '#9 · 李项目', '/approval/all?approvalId=9')],
    },
  ],
};

const setUp = () => {
  const api = new FakeApi({ '/search': () => ANSWER });
  const view = renderWithApi(
    <>
      <TopSearch />
      <Where />
    </>,
    api,
  );
  return { api, ...view, box: screen.getByRole('combobox', { name: '全局搜索' }) };
};

describe('TopSearch', () => {
  it('asks once, 300 ms after the last keystroke, with the trimmed keyword', () => {
    const { api, clock, box } = setUp();
    fireEvent.change(box, { target: { value: '滨' } });
    act(() => clock.advance(200));
    fireEvent.change(box, { target: { value: ' 滨江 ' } });
    act(() => clock.advance(299));
    expect(api.sent('/search')).toEqual([]);
    act(() => clock.advance(1));
    expect(api.sent('/search')).toEqual([{ keyword: '滨江' }]);
    // A blank box asks nothing.
    fireEvent.change(box, { target: { value: '   ' } });
    act(() => clock.advance(1000));
    expect(api.sent('/search')).toHaveLength(1);
  });

  it('shows the hits grouped by kind with their secondary line', async () => {
    const { clock, box } = setUp();
    fireEvent.change(box, { target: { value: '滨江' } });
    act(() => clock.advance(300));
    const groups = await screen.findAllByTestId('top-search-group');
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['合同', '审批']);
    expect(
      within(groups[0]!)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['滨江设计合同HT-7 · 滨江集团', '滨江咨询合同HT-3']);
    expect(within(groups[1]!).getByRole('option').textContent).toBe('滨江用印申请#9 · 李项目');
  });

  it('moves with ↑↓, opens the chosen hit with Enter and closes', async () => {
    const { clock, box } = setUp();
    fireEvent.change(box, { target: { value: '滨江' } });
    act(() => clock.advance(300));
    await screen.findAllByTestId('top-search-hit');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('滨江用印申请');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/project/unSignList?contractId=3'),
    );
    expect(screen.queryByTestId('top-search-results')).toBeNull();
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('keeps the first hit for Enter when the list opens under a resting pointer', async () => {
    // After an in-page sign-in the pointer still rests where 登 录 was, which is where the list
    // opens: the browser then sends the hit under it mouseover/mouseenter but no mousemove.
    const { clock, box } = setUp();
    fireEvent.change(box, { target: { value: '滨江' } });
    act(() => clock.advance(300));
    const seal = await screen.findByRole('option', { name: /滨江用印申请/ });
    fireEvent.mouseOver(seal);
    fireEvent.mouseEnter(seal);
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('滨江设计合同');
    // A pointer that moves over a hit picks it.
    fireEvent.mouseMove(seal);
    expect(screen.getByRole('option', { selected: true }).textContent).toContain('滨江用印申请');
    fireEvent.mouseMove(screen.getByRole('option', { name: /滨江设计合同/ }));
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/project/contractList?contractId=7'),
    );
  });

  it('opens a hit on click, and Esc closes the results without going anywhere', async () => {
    const { clock, box } = setUp();
    fireEvent.change(box, { target: { value: '滨江' } });
    act(() => clock.advance(300));
    await screen.findAllByTestId('top-search-hit');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByTestId('top-search-results')).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/');
    fireEvent.change(box, { target: { value: '滨江' } });
    act(() => clock.advance(300));
    fireEvent.click(await screen.findByRole('option', { name: /滨江用印申请/ }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/approval/all?approvalId=9'),
    );
  });

  it('says 未找到匹配项 when nothing is found, and is an icon on a phone', async () => {
    const api = new FakeApi({ '/search': () => ({ code: 200, msg: '操作成功', data: [] }) });
    const { clock } = renderWithApi(<TopSearch mobile />, api);
    expect(screen.queryByRole('combobox')).toBeNull();
    fireEvent.click(screen.getByTestId('top-search-icon'));
    const box = screen.getByRole('combobox', { name: '全局搜索' });
    fireEvent.change(box, { target: { value: '无此项' } });
    act(() => clock.advance(300));
    expect(await screen.findByText('未找到匹配项')).toBeTruthy();
  });
});
