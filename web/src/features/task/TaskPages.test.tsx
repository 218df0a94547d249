import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResultRow, TaskDetail, TaskRow, ValueRow } from '@dpms/http-client';
import { aTaskRecord } from '@dpms/wire/testing';
import { aSealRow } from '../../test/seal-records';
import { DesignTaskPage } from './DesignTaskPage';
import { ResultSealPage } from './ResultSealPage';
import { TaskResultPage } from './TaskResultPage';
import { ValueConfirmPage } from './ValueConfirmPage';
import { FakeApi, renderWithApi } from './task.test-render';
import type * as Upload from '../../components/upload';

type UploadModule = typeof Upload;

// Saving a file goes through the browser's download link; here only the address matters.
const downloads = vi.hoisted(() => [] as string[]);
vi.mock('../../components/upload', async (original) => ({
  ...(await original<UploadModule>()),
  downloadExport: (url: string) => {
    downloads.push(url);
    return Promise.resolve(true);
  },
}));

const task = (over: Partial<TaskRow>): TaskRow =>
  aTaskRecord({
    taskId: 1,
    subItemName: '一号楼',
    taskResultName: '施工图',
    qualityTypeName: '有',
    designUserId: 5,
    remark: '按期完成',
    majorList: [{ majorId: 1, majorName: '建筑' }],
    deptConfirmerId: 9,
    ...over,
  });
const detail: TaskDetail = {
  ...task({}),
  designTaskSignFlowList: [
    {
      flowId: 'a',
      flowName: '设计主持确认',
      orderNo: 1,
      dealUserId: '5',
      dealUserName: '主持',
      taskId: '1',
    },
    {
      flowId: 'b',
      flowName: '项目经理确认',
      orderNo: 2,
      dealUserId: '3',
      dealUserName: '经理',
      taskId: '1',
    },
  ],
  designTaskSignDetailList: [
    { flowId: 'a', dealContent: '同意', createTime: '2026-11-20T02:00:00Z', dealUserSignUrl: null },
  ],
  currentFlowName: '项目经理确认',
  fileList: [],
  resultList: [],
  terms: ['质量保证金为任务产值的15%', '修改不超过图纸量的20%'],
  qualityDeposit: '15',
};

/** The API's answers come in its envelope, as the gateway's wire schemas read them. */
const enveloped = (
  routes: Record<string, (input: Record<string, unknown>) => unknown>,
): Record<string, (input: Record<string, unknown>) => unknown> =>
  Object.fromEntries(
    Object.entries(routes).map(([url, answer]) => [
      url,
      (input: Record<string, unknown>) => ({
        code: 200,
        msg: '操作成功',
        ...(answer(input) as object),
      }),
    ]),
  );

function api(extra: Record<string, (input: Record<string, unknown>) => unknown> = {}) {
  return new FakeApi(
    enveloped({
      '/v4/design-task/list': () => ({
        total: 2,
        rows: [
          task({}),
          task({ taskId: 2, taskNo: 'RW-2', currentStep: 'projectManager', status: 1 }),
        ],
      }),
      '/v4/design-task/detailById': () => ({ data: detail }),
      '/project/design-task/confirmByDesignZhuChi': (q) => ({ data: task({ ...q, status: 1 }) }),
      '/v4/contract/list': () => ({ total: 0, rows: [] }),
      '/system/user/getUserIdByRoleId': () => ({ data: [] }),
      '/system/major/listTreeByStageId': () => ({ data: [] }),
      ...extra,
    }),
  );
}

beforeEach(() => {
  downloads.length = 0;
});

describe('设计任务', () => {
  it('opens ?taskId=’s detail, where a 全局搜索 hit sends it', async () => {
    const fake = api();
    renderWithApi(<DesignTaskPage />, fake, { userId: 3, path: '/?taskId=2' });
    await waitFor(() => expect(fake.sent('/v4/design-task/detailById')).toEqual([{ taskId: 2 }]));
  });

  it('offers 提交审批 to the sheet’s manager before any confirmation, and locks it while in approval', async () => {
    const fake = api({
      '/v4/design-task/list': () => ({
        total: 2,
        rows: [
          task({}),
          task({ taskId: 2, taskNo: 'RW-2', approvalStatus: 0, approvalStatusName: '审批中' }),
        ],
      }),
      '/project/design-task/updateToApproval': (b) => ({
        data: task({ ...b, approvalStatus: 0, approvalStatusName: '审批中', approvalId: '7' }),
      }),
    });
    renderWithApi(<DesignTaskPage />, fake, { userId: 3 });
    const send = await screen.findByTestId('submit-RW-1');
    // In approval: neither sent again nor confirmed.
    expect(screen.queryByTestId('submit-RW-2')).toBeNull();
    expect(screen.getByText('审批中')).toBeTruthy();
    fireEvent.click(send);
    const ask = await screen.findByTestId('confirm-dialog');
    expect(ask.textContent).toContain('提交审批');
    fireEvent.click(within(ask).getByText('确定'));
    await waitFor(() =>
      expect(fake.sent('/project/design-task/updateToApproval')).toEqual([{ taskId: 1 }]),
    );
  });

  it('the design host is not offered a confirmation of a sheet in approval', async () => {
    const fake = api({
      '/v4/design-task/list': () => ({
        total: 1,
        rows: [task({ approvalStatus: 0, approvalStatusName: '审批中' })],
      }),
    });
    renderWithApi(<DesignTaskPage />, fake, { userId: 5 });
    await screen.findByText('审批中');
    expect(screen.queryByTestId('confirm-RW-1')).toBeNull();
    expect(screen.queryByTestId('submit-RW-1')).toBeNull();
  });

  it('offers each confirmation only to the person whose turn it is, and sends it', async () => {
    const fake = api();
    renderWithApi(<DesignTaskPage />, fake, { userId: 5 });
    const mine = await screen.findByTestId('confirm-RW-1');
    expect(mine.textContent).toBe('设计主持确认');
    // RW-2 waits on its project manager (user 3), not on the design host signed in.
    expect(screen.queryByTestId('confirm-RW-2')).toBeNull();
    fireEvent.click(mine);
    // A confirmation is asked for before it is sent.
    const ask = await screen.findByTestId('confirm-dialog');
    expect(ask.textContent).toContain('设计主持确认');
    expect(fake.sent('/project/design-task/confirmByDesignZhuChi')).toEqual([]);
    fireEvent.click(within(ask).getByText('确定'));
    await waitFor(() =>
      expect(fake.sent('/project/design-task/confirmByDesignZhuChi')).toEqual([
        { taskId: 1, dealContent: '同意' },
      ]),
    );
  });

  it('offers 部门确认 only to the department’s head, never to the project manager', async () => {
    const waiting = () =>
      api({
        '/v4/design-task/list': () => ({
          total: 1,
          rows: [task({ taskNo: 'RW-3', currentStep: 'department', status: 2 })],
        }),
      });
    // The project manager (3) holds the permission but is not the one who signs 部门确认.
    const asManager = renderWithApi(<DesignTaskPage />, waiting(), { userId: 3 });
    expect(await screen.findByText('RW-3')).toBeTruthy();
    expect(screen.queryByTestId('confirm-RW-3')).toBeNull();
    asManager.unmount();
    renderWithApi(<DesignTaskPage />, waiting(), { userId: 9 });
    expect((await screen.findByTestId('confirm-RW-3')).textContent).toBe('部门确认');
  });

  it('offers 修改 and 删除 only while nobody has confirmed the sheet', async () => {
    renderWithApi(<DesignTaskPage />, api(), { userId: 5 });
    await screen.findByTestId('confirm-RW-1');
    // RW-1 (nobody confirmed) has both; RW-2 (design host confirmed) has neither.
    expect(screen.getAllByText('修改')).toHaveLength(1);
    expect(screen.getAllByText('删除')).toHaveLength(1);
  });

  it('shows the task sheet with its terms and the sign flow, signed and waiting', async () => {
    renderWithApi(<DesignTaskPage />, api(), { userId: 3 });
    expect(await screen.findByTestId('confirm-RW-2')).toBeTruthy();
    fireEvent.click(screen.getAllByText('查看')[0]!);
    const sheet = await screen.findByTestId('task-detail');
    expect(await within(sheet).findByText('质量保证金为任务产值的15%')).toBeTruthy();
    const flow = within(sheet).getByTestId('sign-flow');
    const rows = within(flow).getAllByRole('row');
    expect(rows[0]?.textContent).toContain('同意');
    expect(rows[0]?.textContent).toContain('2026-11-20');
    expect(rows[1]?.textContent).toContain('待签署');
  });
});

describe('任务成果', () => {
  it('lists results with their files and confirms an unconfirmed one', async () => {
    const result: ResultRow = {
      resultId: 7,
      taskId: 1,
      taskNo: 'RW-1',
      taskName: '施工图设计',
      majorId: 1,
      majorName: '建筑',
      fileName: '一号楼施工图',
      fileProp: '电子版',
      memo: '',
      fileList: [{ fileId: 'x', name: '施工图.pdf', fileName: '施工图.pdf', url: '' }],
      acceptanceFileList: [],
      sealScanList: [],
      resultConfirmed: false,
      acceptanceConfirmed: false,
      history: false,
      userId: 5,
      userName: 'sjzc',
      nickName: '主持',
      createTime: '2026-11-20T02:00:00.000Z',
    };
    const fake = api({
      '/v4/design-task/getTaskResultList': () => ({
        total: 2,
        rows: [result, { ...result, resultId: 8, resultConfirmed: true }],
      }),
      '/v4/design-task/confirmTaskResult': () => ({ data: { ...result, resultConfirmed: true } }),
    });
    renderWithApi(<TaskResultPage />, fake);
    expect(await screen.findByTestId('result-confirmed-8')).toBeTruthy();
    expect(screen.getAllByText('施工图.pdf')).toHaveLength(2);
    // 上传人 by name, not by login.
    expect(screen.getAllByText('主持')).toHaveLength(2);
    expect(screen.queryByText('sjzc')).toBeNull();
    fireEvent.click(screen.getByText('确认成果'));
    await waitFor(() =>
      expect(fake.sent('/v4/design-task/confirmTaskResult')).toEqual([{ resultId: 7 }]),
    );
  });
});

describe('设计任务 and 成果盖章 export what the list last searched', () => {
  it.each([
    [
      '设计任务',
      () => <DesignTaskPage />,
      'task-export',
      '/v4/design-task/export',
      '/v4/design-task/list',
    ],
    [
      '成果盖章',
      () => <ResultSealPage />,
      'seal-export',
      '/project/design-task/exportRealSeal',
      '/v4/design-task/getDesignResultSealList',
    ],
  ])('%s', async (_name, page, testId, path, listPath) => {
    const fake = api({
      '/v4/design-task/getDesignResultSealList': () => ({ total: 0, rows: [] }),
    });
    renderWithApi(page(), fake);
    // Typed but not searched: not what the rows on screen are, so not what is exported.
    fireEvent.change(await screen.findByLabelText('任务名称'), { target: { value: '施工图' } });
    fireEvent.click(screen.getByTestId(testId));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toBe(path);
    fireEvent.click(screen.getByText('搜索'));
    await waitFor(() => expect(fake.sent(listPath).at(-1)).toMatchObject({ taskName: '施工图' }));
    fireEvent.click(screen.getByTestId(testId));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads[1]).toBe(`${path}?taskName=${encodeURIComponent('施工图')}`);
  });
});

describe('成果盖章', () => {
  const seal = aSealRow;

  it('names the seal types, and lets the applicant send a draft into approval as 13_1 or 25_x', async () => {
    const fake = api({
      '/v4/design-task/getDesignResultSealList': () => ({
        total: 2,
        rows: [seal({}), seal({ resultSealId: 9, status: 1, statusName: '已通过', userId: 3 })],
      }),
      '/project/design-task/updateResultSealToApproval': () => ({ data: seal({ status: 0 }) }),
      '/project/design-task/detailBySealId': (q) => ({
        data: seal({ resultSealId: Number(q.resultSealId), status: 1, statusName: '已通过' }),
      }),
    });
    renderWithApi(<ResultSealPage />, fake, { userId: 5 });
    expect((await screen.findAllByText('公章、出图章')).length).toBe(2);
    // 申请人 by name, not by login.
    expect(screen.getAllByText('主持')).toHaveLength(2);
    expect(screen.queryByText('sjzc')).toBeNull();
    // Only the own draft has 提交审批.
    expect(screen.getAllByText('提交审批')).toHaveLength(1);
    fireEvent.click(screen.getByText('提交审批'));
    // It goes as the result seal (13_1) or, chosen here, as the technical seal (25_x).
    const ask = await screen.findByTestId('seal-submit');
    expect(within(ask).getByLabelText<HTMLSelectElement>('审批类型').value).toBe('13_1');
    fireEvent.change(within(ask).getByLabelText('审批类型'), { target: { value: '25_1' } });
    fireEvent.click(within(ask).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(fake.sent('/project/design-task/updateResultSealToApproval')).toEqual([
        { resultSealId: 4, typeCode: '25_1' },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('seal-submit')).toBeNull());
    // Opening an approved one reads its detail (which clears the seal dot on the server).
    fireEvent.click(screen.getAllByText('查看')[1]!);
    const d = await screen.findByTestId('seal-detail');
    expect(within(d).getByText('状态：已通过')).toBeTruthy();
    expect(fake.sent('/project/design-task/detailBySealId')).toEqual([{ resultSealId: 9 }]);
  });

  it('names the stamped results, and offers the scans’ upload on an approved request only', async () => {
    const stamped = [{ resultId: 7, fileName: '总图.dwg', majorName: '建筑' }];
    const fake = api({
      '/v4/design-task/getDesignResultSealList': () => ({
        total: 2,
        rows: [
          seal({ resultList: stamped }),
          seal({ resultSealId: 9, status: 1, statusName: '已通过', resultList: stamped }),
        ],
      }),
    });
    renderWithApi(<ResultSealPage />, fake, { userId: 5 });
    expect((await screen.findAllByText('总图.dwg')).length).toBe(2);
    expect(screen.getAllByText('上传扫描件')).toHaveLength(1);
    fireEvent.click(screen.getByText('上传扫描件'));
    const form = await screen.findByTestId('seal-scan-form');
    // The request stamps one result: the scan goes on it.
    expect(within(form).getByLabelText<HTMLSelectElement>('所盖成果').value).toBe('7');
  });
});

describe('产值确认', () => {
  const value = (over: Partial<ValueRow>): ValueRow => ({
    ...task({ status: 3, currentStep: null }),
    qualityDeposit: '15',
    qualityPaid: '0',
    readyPaid: '0',
    readyPayLimit: '85',
    qualityRemaining: '15',
    readyRemaining: '85',
    ...over,
  });

  it('exports the confirmation details of what the list last searched', async () => {
    const fake = api({
      '/v4/design-task/valueOfConfirmList': () => ({ total: 1, rows: [value({})] }),
    });
    renderWithApi(<ValueConfirmPage />, fake);
    await screen.findByText('RW-1');
    // Typed but not searched: the export does not take it.
    fireEvent.change(screen.getByLabelText('任务名称'), { target: { value: '施工图' } });
    fireEvent.click(screen.getByTestId('value-export'));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toBe('/v4/design-task/confirmDetail/export');
    fireEvent.click(screen.getByText('搜索'));
    await waitFor(() =>
      expect(fake.sent('/v4/design-task/valueOfConfirmList').at(-1)).toMatchObject({
        taskName: '施工图',
      }),
    );
    fireEvent.click(screen.getByTestId('value-export'));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads[1]).toBe(
      `/v4/design-task/confirmDetail/export?taskName=${encodeURIComponent('施工图')}`,
    );
  });

  it('pays from the row with the amount typed', async () => {
    const fake = api({
      '/v4/design-task/valueOfConfirmList': () => ({ total: 1, rows: [value({})] }),
      '/v4/design-task/insertTaskQualityPay': () => ({
        data: { ...value({}), payList: [], finishAmountList: [] },
      }),
    });
    renderWithApi(<ValueConfirmPage />, fake);
    fireEvent.click(await screen.findByText('发放质量保证金'));
    const dialog = await screen.findByTestId('value-dialog');
    fireEvent.change(within(dialog).getByLabelText('金额'), { target: { value: ' 15 ' } });
    fireEvent.click(within(dialog).getByText('确定'));
    await waitFor(() =>
      expect(fake.sent('/v4/design-task/insertTaskQualityPay')).toEqual([
        { taskId: 1, payAmount: '15' },
      ]),
    );
  });
});
