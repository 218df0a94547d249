import { TABLE_LOADING_MESSAGE_STEPS_MS, tableLoadingMessage } from '@dpms/core';
import { useEffect, useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';

/** The table's loading text as the load lasts: 加载中, then the 5/10/20 s messages (core's rule). */
export function useLoadingMessage(loading: boolean): string {
  const scheduler = useService(TOKENS.Scheduler);
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!loading) return;
    setElapsed(0);
    const handles = TABLE_LOADING_MESSAGE_STEPS_MS.map((ms) =>
      scheduler.setTimeout(() => setElapsed(ms), ms),
    );
    return () => handles.forEach((h) => scheduler.clearTimeout(h));
  }, [loading, scheduler]);
  return tableLoadingMessage(loading ? elapsed : 0);
}
