import { aLixiangRecord } from '@dpms/wire/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createContainer } from '../../app/container';
import { TOKENS } from '../../app/tokens';
import { LixiangListPage } from './LixiangListPage';
import { renderInApp, signIn } from '../../test/render';

const formal = aLixiangRecord({
  lxId: 1,
  projectName: '已备案项目',
  status: 1,
  totalAmount: '100',
});
const draft = aLixiangRecord({ lxId: 2, projectName: '草稿项目', status: -1, history: false });

/** Two filings, one formal with a change on record. */
class FilingGateway {
  lixiangList = () => Promise.resolve({ rows: [formal, draft], total: 2 });
  lixiangDetail = (lxId: number) => Promise.resolve(lxId === 1 ? formal : draft);
  lixiangChanges = (lxId: number) =>
    Promise.resolve(
      lxId !== 1
        ? []
        : [
            {
              changeId: 5,
              lxId: 1,
              previous: { projectName: '已备案项目', totalAmount: '100', remark: '' },
              proposed: { projectName: '已备案项目', totalAmount: '120', remark: '' },
              reason: '增项',
              status: 0,
              statusName: '审批中',
              approvalId: '9',
              createBy: 'zhjy',
              createTime: '2026-11-20 10:00:00',
            },
          ],
    );
}

function renderPage(permissions: string[]) {
  const container = createContainer();
  container.rebind(TOKENS.ContractGateway).toConstantValue(new FilingGateway() as never);
  signIn(container, { permissions });
  renderInApp(container, <LixiangListPage />);
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('项目立项: 备案变更 of a formal filing', () => {
  it('offers 变更 only on a formal filing, to who may edit filings, and opens its dialog', async () => {
    renderPage(['project:lixiang:list', 'project:lixiang:edit', 'project:lixiang:query']);
    const formalRow = await rowOf('已备案项目');
    expect(within(await rowOf('草稿项目')).queryByText('变更')).toBeNull();
    fireEvent.click(within(formalRow).getByText('变更'));
    expect(await screen.findByTestId('lixiang-change')).toBeTruthy();
  });

  it('hides 变更 from a role without the filing edit permission', async () => {
    renderPage(['project:lixiang:list', 'project:lixiang:query']);
    expect(within(await rowOf('已备案项目')).queryByText('变更')).toBeNull();
  });

  it('lists the filing’s changes in its detail, each field before → after by label', async () => {
    renderPage(['project:lixiang:list', 'project:lixiang:query']);
    fireEvent.click(within(await rowOf('已备案项目')).getByText('详情'));
    const changes = await screen.findByTestId('lixiang-changes');
    expect(changes.textContent).toContain('合同金额：100 → 120');
    expect(changes.textContent).toContain('变更原因：增项');
    expect(changes.textContent).not.toContain('项目名称：');
  });
});
