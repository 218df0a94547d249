import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CONTRACT_DOC_TITLES,
  contractDocTitle,
  contractNameFor,
  fixContractName,
  resolveContractName,
} from './contract-doc-titles.js';
import { CONTRACT_DOC_TYPES } from './contract-doc-type.js';

describe('contract document titles', () => {
  it('has the Chinese title of every type', () => {
    expect(CONTRACT_DOC_TITLES).toEqual({
      1: '技术咨询合同',
      2: '技术服务合同',
      3: '专家顾问合同',
      6: '项目制图合同',
      7: '图文制作合同',
      8: '服务指导协议',
    });
    expect(contractDocTitle(8)).toBe('服务指导协议');
  });

  it('builds project name + title', () => {
    expect(contractNameFor(' 滨江公园 ', 6)).toBe('滨江公园项目制图合同');
  });

  it('fixes a name to end with the title', () => {
    expect(fixContractName('滨江公园技术咨询合同', 1)).toBe('滨江公园技术咨询合同');
    expect(fixContractName('滨江公园', 1)).toBe('滨江公园技术咨询合同');
    expect(fixContractName('滨江公园技术咨询合同', 2)).toBe('滨江公园技术服务合同');
    expect(fixContractName('', 3, '老城改造')).toBe('老城改造专家顾问合同');
    expect(fixContractName('  ', 7)).toBe('图文制作合同');
  });

  it('type 8 is named by its service content', () => {
    expect(
      resolveContractName(8, { contractName: '旧名', projectName: '', fwContent: 'BIM' }),
    ).toBe('BIM服务指导协议');
    expect(resolveContractName(8, { contractName: '旧名', projectName: '', fwContent: '' })).toBe(
      '旧名服务指导协议',
    );
  });

  it('any fixed name ends with the title, and fixing twice changes nothing', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom(...CONTRACT_DOC_TYPES),
        fc.string(),
        (name, type, base) => {
          const fixed = fixContractName(name, type, base);
          expect(fixed.endsWith(CONTRACT_DOC_TITLES[type])).toBe(true);
          expect(fixContractName(fixed, type, base)).toBe(fixed);
        },
      ),
    );
  });
});
