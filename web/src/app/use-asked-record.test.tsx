import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useAskedRecord } from './use-asked-record';

function Page({ open }: { open: (id: number) => void }) {
  useAskedRecord('contractId', open);
  return <p data-testid="search">{useLocation().search}</p>;
}

describe('useAskedRecord', () => {
  it('opens the asked record once and clears its parameter alone', async () => {
    const open = vi.fn();
    render(
      <MemoryRouter initialEntries={['/project/contractList?contractId=5&stage=2']}>
        <Page open={open} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('?stage=2')).toBeTruthy();
    expect(open.mock.calls).toEqual([[5]]);
  });

  it('asks nothing for a missing or malformed id', () => {
    const open = vi.fn();
    render(
      <MemoryRouter initialEntries={['/project/contractList?contractId=abc']}>
        <Page open={open} />
      </MemoryRouter>,
    );
    expect(open).not.toHaveBeenCalled();
  });
});
