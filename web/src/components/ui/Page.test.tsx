import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onPhone } from '../../test/media';
import { SearchBar, SearchField } from './Page';

function Bar({ onSearch = () => undefined }: { onSearch?: () => void }) {
  return (
    <SearchBar onSearch={onSearch} onReset={() => undefined} filled={2}>
      <SearchField label="用户名称">
        <input className="input" />
      </SearchField>
    </SearchBar>
  );
}

describe('SearchBar', () => {
  it('shows its form at once on a wide screen', () => {
    render(<Bar />);
    expect(screen.getByRole('search')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /筛选/ })).toBeNull();
  });

  it('folds its form behind 筛选 on a phone, with how many filters are filled', () => {
    onPhone();
    const onSearch = vi.fn();
    render(<Bar onSearch={onSearch} />);
    expect(screen.queryByRole('search')).toBeNull();
    const toggle = screen.getByRole('button', { name: /筛选/ });
    expect(toggle.textContent).toBe('筛选2');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByLabelText('用户名称')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(onSearch).toHaveBeenCalledOnce();
    // Searched, the form folds away so the rows show.
    expect(screen.queryByRole('search')).toBeNull();
  });
});
