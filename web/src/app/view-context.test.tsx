import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePageTitle, ViewContext } from './view-context';

function Heading() {
  return <h1>{usePageTitle('项目主页')}</h1>;
}

describe('usePageTitle', () => {
  it("names the page as its route (the menu's name) does, as the tab and the breadcrumb do", () => {
    render(
      <ViewContext.Provider
        value={{ path: '/project/main', params: {}, active: true, title: '经营主页' }}
      >
        <Heading />
      </ViewContext.Provider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('经营主页');
  });
  it('falls back to the page’s own title outside the shell', () => {
    render(<Heading />);
    expect(screen.getByRole('heading').textContent).toBe('项目主页');
  });
});
