import { err, ok, type Result } from '../shared/result.js';
import {
  approvalTypeLabel,
  type ApprovalTypeCode,
  type TemplateKind,
} from './approval-type-catalogue.js';
import type { ApprovalRepositories } from './approval.repository.port.js';
import { templateDefinitionForKind } from './template-definitions.js';
import { checkContent } from './template-validation.js';
import {
  type ContentEntry,
  type OptionSource,
  type TemplateContent,
  type TemplateSection,
  type ValidatableTemplate,
} from './template.js';

/* The template an approval is checked against, its title, and the check of its content. */

export const titleOf = (title: string | undefined, code: ApprovalTypeCode): string => {
  const t = (title ?? '').trim();
  return (t === '' ? approvalTypeLabel(code) : t).slice(0, 200);
};

export interface ResolvedTemplate {
  readonly validatable: ValidatableTemplate | null;
  readonly sections: readonly TemplateSection[] | null;
}

/** The kind's field set, else the sections sent with the form; null when neither exists. */
export function templateFor(
  kind: TemplateKind,
  sections: readonly TemplateSection[] | undefined,
): ResolvedTemplate {
  const def = templateDefinitionForKind(kind);
  if (def !== undefined) return { validatable: def, sections: null };
  if (sections !== undefined && sections.length > 0) {
    return { validatable: { templateContent: sections }, sections };
  }
  return { validatable: null, sections: null };
}

/**
 * core's checkContent with the live options of the template's sources; a refusal names the first
 * wrong field (400 with `field`).
 */
export async function checkApprovalContent(
  repos: ApprovalRepositories,
  template: ResolvedTemplate,
  content: TemplateContent,
): Promise<Result<TemplateContent>> {
  // A client may leave out an entry's type: it is the template's (a different one is refused).
  const fields = new Map(
    (template.validatable?.templateContent ?? [])
      .flatMap((s) => s.fields)
      .map((f) => [f.refname, f]),
  );
  const typed: Record<string, ContentEntry> = {};
  for (const [refname, entry] of Object.entries(content)) {
    const given = entry as Partial<ContentEntry> & Pick<ContentEntry, 'value'>;
    typed[refname] = {
      ...entry,
      label: given.label ?? '',
      type: given.type ?? fields.get(refname)?.type ?? 'input',
    };
  }
  if (template.validatable === null) return ok(typed);
  const sources = [
    ...new Set(
      [...fields.values()]
        .map((f) => f.optionsource)
        .filter((x): x is OptionSource => x !== undefined),
    ),
  ];
  const optionSources = sources.length === 0 ? {} : await repos.options.load(sources);
  const checked = checkContent(template.validatable, typed, { optionSources });
  if (checked.ok) return checked;
  const first = checked.error.errors[0];
  return err(first ?? checked.error);
}
