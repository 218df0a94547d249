import {
  OPTION_SOURCE_ORIGINS,
  type OptionSource,
  type TemplateOption,
  type TemplateSection,
} from '@dpms/core';
import type { TreeNode } from '@dpms/http-client';
import { useQuery } from '@tanstack/react-query';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import type { OptionSources } from './template-rules';

/**
 * The two fixed bank names kept in session ahead of the bank_name dictionary (000 §3: one
 * main-institute branch and one second branch). The spec does not give them; ours.
 */
export const FIXED_BANK_NAMES: readonly TemplateOption[] = [
  { text: '院本部开户银行', value: '院本部开户银行' },
  { text: '分院开户银行', value: '分院开户银行' },
];

const deptOptions = (nodes: readonly TreeNode[]): TemplateOption[] =>
  nodes.map((n) =>
    n.children && n.children.length > 0
      ? { label: n.label, id: n.id, children: deptOptions(n.children) }
      : { label: n.label, id: n.id },
  );

/** The sources a template's fields read. */
export const sourcesOf = (sections: readonly TemplateSection[]): OptionSource[] => [
  ...new Set(
    sections
      .flatMap((s) => s.fields)
      .map((f) => f.optionsource)
      .filter((s): s is OptionSource => s !== undefined),
  ),
];

/**
 * Loads every option source a template needs, from where core says it lives: a dictionary
 * (an empty one leaves core's defaults), the department tree, or the bank names.
 */
export function useOptionSources(sections: readonly TemplateSection[]): OptionSources {
  const dicts = useService(TOKENS.DictGateway);
  const depts = useService(TOKENS.DeptGateway);
  const sources = sourcesOf(sections);
  const query = useQuery({
    queryKey: ['approval-option-sources', sources],
    staleTime: 60_000,
    queryFn: async () => {
      const out: Record<string, readonly TemplateOption[]> = {};
      await Promise.all(
        sources.map(async (source) => {
          const origin = OPTION_SOURCE_ORIGINS[source];
          try {
            if (origin.origin === 'dictionary') {
              const items = await dicts.byType(origin.dictType);
              if (items.length > 0)
                out[source] = items.map((i) => ({ text: i.dictLabel, value: i.dictValue }));
            } else if (origin.origin === 'departments') {
              out[source] = deptOptions(await depts.treeselect());
            } else {
              const items = await dicts.byType(origin.dictType);
              out[source] = [
                ...FIXED_BANK_NAMES,
                ...items.map((i) => ({ text: i.dictLabel, value: i.dictLabel })),
              ];
            }
          } catch {
            // A source that cannot load falls back to core's defaults (or none).
          }
        }),
      );
      return out;
    },
  });
  return query.data ?? {};
}
