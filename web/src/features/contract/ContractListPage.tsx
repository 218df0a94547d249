import { ContractListView } from './ContractLists';

/**
 * The contract lists the menu and the side panel's details buttons open (/project/unSignList,
 * /project/approveList, /project/contractList; component keys project/stay/index,
 * project/declare/index, project/contract/index). Each reads the stored contract type and the
 * refresh flag (see ContractListView).
 */
export const UnSignListPage = () => <ContractListView mode="stay" />;
export const ApproveListPage = () => <ContractListView mode="declare" />;
export const ContractListPage = () => <ContractListView mode="formal" />;
export const ContractReviewListPage = () => <ContractListView mode="contract" />;
