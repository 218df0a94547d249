/**
 * The contract family's list pages: project filings (立项备案), sub-contracts (分包合同, with their
 * pay items) and extended sub-contracts (补充分包合同), one file each.
 */
export { LixiangListPage } from './LixiangListPage';
export { ContractChildListPage } from './ContractChildListPage';
export { ExtendSubContractListPage } from './ExtendSubContractListPage';
