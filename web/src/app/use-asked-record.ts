import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useView } from './view-context';

/**
 * A list page opened with `?<param>=<id>` (a hit of the top bar's 全局搜索) opens that record's
 * detail: `open(id)` once, then that parameter is cleared (the others stay). Kept-alive views all see the location,
 * so only the page on screen answers the ask.
 */
export function useAskedRecord(param: string, open: (id: number) => void): void {
  const { active } = useView();
  const [params, setParams] = useSearchParams();
  const asked = active ? Number(params.get(param) ?? '') : 0;
  useEffect(() => {
    if (!Number.isInteger(asked) || asked <= 0) return;
    open(asked);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(param);
        return next;
      },
      { replace: true },
    );
  }, [asked]);
}
