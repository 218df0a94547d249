import { CONTRACT_DOC_TYPES, type ContractDocType } from './contract-doc-type.js';

/**
 * The title each contract document's name ends with (001 §2, §9). The spec gives English
 * glosses; these are the standard Chinese contract names for them. 技术咨询合同 and 技术服务合同
 * are the two technology-contract kinds of the PRC Civil Code; 协议 keeps type 8 an agreement.
 */
export const CONTRACT_DOC_TITLES: Readonly<Record<ContractDocType, string>> = {
  1: '技术咨询合同',
  2: '技术服务合同',
  3: '专家顾问合同',
  6: '项目制图合同',
  7: '图文制作合同',
  8: '服务指导协议',
};

export const contractDocTitle = (type: ContractDocType): string => CONTRACT_DOC_TITLES[type];

/** The name built from its base (the project name, or type 8's fwContent): base + title. */
export const contractNameFor = (base: string, type: ContractDocType): string =>
  `${base.trim()}${CONTRACT_DOC_TITLES[type]}`;

/**
 * Makes a name end with the type's title (001 §4, on load). A name that already does is kept; a
 * name ending with another type's title has that title replaced (why: a document re-typed keeps
 * its project part, and '…技术咨询合同技术服务合同' helps nobody); otherwise the title is appended.
 * An empty name becomes `fallbackBase` + title.
 */
export const fixContractName = (name: string, type: ContractDocType, fallbackBase = ''): string => {
  const title = CONTRACT_DOC_TITLES[type];
  const trimmed = name.trim();
  if (trimmed === '') return contractNameFor(fallbackBase, type);
  if (trimmed.endsWith(title)) return trimmed;
  const other = CONTRACT_DOC_TYPES.map((t) => CONTRACT_DOC_TITLES[t]).find((t) =>
    trimmed.endsWith(t),
  );
  return `${other === undefined ? trimmed : trimmed.slice(0, -other.length)}${title}`;
};

/**
 * The name a document carries: type 8's is its service content + title whenever that content is
 * filled (001 §3); otherwise the stored name, fixed to end with the title, with the project name
 * (type 8: the service content) as the base of an empty one.
 */
export const resolveContractName = (
  type: ContractDocType,
  values: {
    readonly contractName: string;
    readonly projectName: string;
    readonly fwContent: string;
  },
): string => {
  if (type === 8) {
    return values.fwContent.trim() !== ''
      ? contractNameFor(values.fwContent, 8)
      : fixContractName(values.contractName, 8);
  }
  return fixContractName(values.contractName, type, values.projectName);
};
