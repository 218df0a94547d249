import type { FundGateway } from '@dpms/http-client';
import { fundExportQuery } from '@dpms/http-client';
import { useCallback } from 'react';
import type { TaskChoice } from '../../components/widgets/TaskPicker';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';

export {
  Figure,
  MoneyInput,
  today,
  useAct,
  useDepts,
  useOptions,
  // Formal contracts, for 登记回款.
  useFormalContracts as useContracts,
  type Option,
} from '../../components/form/money-form';

/** The fund calls, bound to the web's HTTP client. */
export function useFundGateway(): FundGateway {
  return useService(TOKENS.FundGateway);
}

/** How many tasks a picker's search shows; a name narrows it. */
const TASK_SEARCH_SIZE = 50;

/**
 * The task picker's search: the design task list (in the caller's data scope) by name, newest
 * first, so a task loan names its task without anyone typing its id.
 */
export function useTaskSearch(): (taskName: string) => Promise<readonly TaskChoice[]> {
  const tasks = useService(TOKENS.TaskGateway);
  return useCallback(
    async (taskName: string) =>
      (
        await tasks.list({
          pageNum: 1,
          pageSize: TASK_SEARCH_SIZE,
          ...(taskName === '' ? {} : { taskName }),
        })
      ).rows,
    [tasks],
  );
}

/** The export address of a list with what it last searched (not the form's unsearched edits). */
export const exportUrl = (path: string, applied: Record<string, unknown>): string =>
  `${path}${fundExportQuery(applied)}`;

export const select = 'input';
