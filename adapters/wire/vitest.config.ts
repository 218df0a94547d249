import { nodeUnitTests } from '../../scripts/vitest-workspace-deps.mjs';

export default nodeUnitTests();
