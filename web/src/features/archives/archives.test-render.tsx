export { FakeApi, renderWithApi } from '../../test/api-render';
