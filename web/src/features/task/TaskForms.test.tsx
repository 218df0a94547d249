import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, type TaskRow } from '@dpms/http-client';
import { aContractRecord, aTaskRecord } from '@dpms/wire/testing';
import { describe, expect, it } from 'vitest';
import { DesignTaskPage } from './DesignTaskPage';
import { ResultSealPage } from './ResultSealPage';
import { ValueConfirmPage } from './ValueConfirmPage';
import { FakeApi, renderWithApi } from './task.test-render';

type Handler = (input: Record<string, unknown>) => unknown;

/** The fake API, recording the Idempotency-Key each call carried. */
class KeyedApi extends FakeApi {
  readonly keys: { url: string; key: string | undefined }[] = [];
  constructor(routes: Record<string, Handler>) {
    super(routes);
    const inner = this.client as unknown as {
      get: (url: string, o?: object) => Promise<unknown>;
      post: (url: string, body?: unknown, o?: object) => Promise<unknown>;
    };
    const keyOf = (o?: { headers?: Record<string, string> }) => o?.headers?.['Idempotency-Key'];
    Object.defineProperty(this, 'client', {
      value: {
        get: (url: string, o?: { headers?: Record<string, string> }) => {
          this.keys.push({ url, key: keyOf(o) });
          return inner.get(url, o);
        },
        post: (url: string, body?: unknown, o?: { headers?: Record<string, string> }) => {
          this.keys.push({ url, key: keyOf(o) });
          return inner.post(url, body, o);
        },
      },
    });
  }
  keysOf(url: string) {
    return this.keys.filter((k) => k.url === url).map((k) => k.key);
  }
}

const ok = (body: object) => ({ code: 200, msg: '操作成功', ...body });

const task = (over: Partial<TaskRow> = {}): TaskRow =>
  aTaskRecord({
    taskId: 1,
    contractId: 41,
    qualityType: '0',
    qualityTypeName: '无',
    designUserId: 5,
    deptConfirmerId: 9,
    version: 4,
    ...over,
  });

function api(extra: Record<string, Handler> = {}) {
  return new KeyedApi({
    '/v4/design-task/list': () => ok({ total: 1, rows: [task()] }),
    '/v4/contract/list': () =>
      ok({ total: 1, rows: [aContractRecord({ contractId: 41, projectName: '滨江科创园' })] }),
    '/system/user/getUserIdByRoleId': (q) =>
      ok({
        data: [{ userId: q.roleId === 7 ? 5 : 3, nickName: q.roleId === 7 ? '主持' : '经理' }],
      }),
    '/system/major/listTreeByStageId': () => ok({ data: [{ id: 21, label: '建筑' }] }),
    ...extra,
  });
}

/** The labels marked required (`*`), in the order the form shows them. */
const marked = (root: HTMLElement) =>
  [...root.querySelectorAll('label')]
    .map((l) => l.textContent ?? '')
    .filter((t) => t.startsWith('*'));
const errorsShown = (root: HTMLElement) =>
  within(root)
    .queryAllByRole('alert')
    .map((e) => e.textContent);
const refusal = (errors: { field: string; message: string }[]) =>
  new ApiError('VALIDATION.REQUIRED', errors[0]!.message, 400, false, errors[0]!.field, errors);
const lost = () => new ApiError('HTTP.TRANSPORT', '网络异常', 0, true);

async function openAdd() {
  fireEvent.click(await screen.findByText('新增'));
  return screen.findByTestId('task-form');
}
async function fillSheet(form: HTMLElement) {
  const set = (label: string, value: string) =>
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  await within(form).findByText(/滨江科创园/);
  await within(form).findByText('主持');
  set('所属合同', '41');
  set('任务名称', '一号楼施工图');
  set('设计主持', '5');
  set('项目经理', '3');
  set('计划完成日期', '2026-12-01');
}

describe('the task sheet form checks what core checks, before sending', () => {
  it('marks core’s required fields and shows every blank one at once, sending nothing', async () => {
    const fake = api();
    renderWithApi(<DesignTaskPage />, fake);
    const form = await openAdd();
    expect(marked(form)).toEqual([
      '*所属合同',
      '*任务名称',
      '*设计阶段',
      '*设计主持',
      '*项目经理',
      '*计划完成日期',
    ]);
    fireEvent.change(within(form).getByLabelText('任务产值'), { target: { value: '-1' } });
    fireEvent.click(within(form).getByText('保存'));
    await waitFor(() =>
      expect(errorsShown(form)).toEqual([
        '所属合同不能为空',
        '任务名称不能为空',
        '设计主持不能为空',
        '项目经理不能为空',
        '计划完成日期不能为空',
        expect.stringContaining('任务产值'),
      ]),
    );
    expect(fake.sent('/v4/design-task/add')).toEqual([]);
  });

  it('puts a server refusal’s fields beside them and keeps what was typed', async () => {
    const fake = api({
      '/v4/design-task/add': () => {
        throw refusal([
          { field: 'designUserId', message: '设计主持不是设计主持角色' },
          { field: 'majorIds', message: '专业不属于该设计阶段' },
        ]);
      },
    });
    renderWithApi(<DesignTaskPage />, fake);
    const form = await openAdd();
    await fillSheet(form);
    fireEvent.change(within(form).getByLabelText('专业'), { target: { value: '21' } });
    fireEvent.click(within(form).getByText('保存'));
    await waitFor(() =>
      expect(errorsShown(form)).toEqual(['专业不属于该设计阶段', '设计主持不是设计主持角色']),
    );
    expect(fake.sent('/v4/design-task/add')).toEqual([
      expect.objectContaining({ contractId: '41', taskName: '一号楼施工图', majorIds: [21] }),
    ]);
    expect(within(form).getByLabelText<HTMLInputElement>('任务名称').value).toBe('一号楼施工图');
  });

  it('keeps the save’s Idempotency-Key across a retry after a lost answer, so one sheet is made', async () => {
    let tries = 0;
    const fake = api({
      '/v4/design-task/add': () => {
        tries += 1;
        if (tries === 1) throw lost();
        return ok({ data: task({ taskId: 2 }) });
      },
    });
    renderWithApi(<DesignTaskPage />, fake);
    const form = await openAdd();
    await fillSheet(form);
    fireEvent.click(within(form).getByText('保存'));
    await waitFor(() => expect(tries).toBe(1));
    fireEvent.click(within(form).getByText('保存'));
    await waitFor(() => expect(screen.queryByTestId('task-form')).toBeNull());
    const [first, second] = fake.keysOf('/v4/design-task/add');
    expect(first).toMatch(/.+/);
    expect(second).toBe(first);
  });

  it('sends an edit with the sheet’s id and the version it was read at', async () => {
    const fake = api({ '/v4/design-task/update': () => ok({ data: task() }) });
    renderWithApi(<DesignTaskPage />, fake);
    fireEvent.click(await screen.findByText('修改'));
    const form = await screen.findByTestId('task-form');
    await within(form).findByText(/滨江科创园/);
    fireEvent.click(within(form).getByText('保存'));
    await waitFor(() =>
      expect(fake.sent('/v4/design-task/update')).toEqual([
        expect.objectContaining({ taskId: 1, version: 4, contractId: '41', taskAmount: '100' }),
      ]),
    );
    expect(fake.keysOf('/v4/design-task/update')[0]).toMatch(/.+/);
  });

  it('sends a confirmation with an Idempotency-Key', async () => {
    const fake = api({
      '/project/design-task/confirmByDesignZhuChi': () => ok({ data: task({ status: 1 }) }),
    });
    renderWithApi(<DesignTaskPage />, fake, { userId: 5 });
    fireEvent.click(await screen.findByTestId('confirm-RW-1'));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByText('确定'));
    await waitFor(() =>
      expect(fake.keysOf('/project/design-task/confirmByDesignZhuChi')[0]).toMatch(/.+/),
    );
  });
});

describe('the seal request and output value forms', () => {
  it('marks a seal request’s task, drawing and seal types, and shows each blank at once', async () => {
    const fake = api({
      '/v4/design-task/getDesignResultSealList': () => ok({ total: 0, rows: [] }),
    });
    renderWithApi(<ResultSealPage />, fake);
    fireEvent.click(await screen.findByText('新增盖章申请'));
    const form = await screen.findByTestId('seal-request');
    expect(marked(form)).toEqual(['*任务单', '*图纸内容', '*印章类型']);
    fireEvent.click(within(form).getByText('保存'));
    await waitFor(() =>
      expect(errorsShown(form)).toEqual(['任务单不能为空', '图纸内容不能为空', '印章类型不能为空']),
    );
    expect(fake.sent('/project/design-task/insertResultSealV2')).toEqual([]);
  });

  it('refuses a malformed amount beside the field, and pays a good one with a key', async () => {
    const value = {
      ...task({ status: 3, currentStep: null }),
      qualityDeposit: '15',
      qualityPaid: '0',
      readyPaid: '0',
      readyPayLimit: '85',
      qualityRemaining: '15',
      readyRemaining: '85',
    };
    const fake = api({
      '/v4/design-task/valueOfConfirmList': () => ok({ total: 1, rows: [value] }),
      '/v4/design-task/insertTaskReadyPay': () => {
        throw refusal([{ field: 'payAmount', message: '发放金额不能超过可发放产值85' }]);
      },
    });
    renderWithApi(<ValueConfirmPage />, fake);
    fireEvent.click(await screen.findByText('产值发放'));
    const dialog = await screen.findByTestId('value-dialog');
    const amount = within(dialog).getByLabelText('金额');
    fireEvent.change(amount, { target: { value: '1.2345678' } });
    fireEvent.click(within(dialog).getByText('确定'));
    await waitFor(() => expect(errorsShown(dialog)).toEqual([expect.stringContaining('发放金额')]));
    expect(fake.sent('/v4/design-task/insertTaskReadyPay')).toEqual([]);
    fireEvent.change(amount, { target: { value: '90' } });
    fireEvent.click(within(dialog).getByText('确定'));
    await waitFor(() => expect(errorsShown(dialog)).toEqual(['发放金额不能超过可发放产值85']));
    expect(fake.sent('/v4/design-task/insertTaskReadyPay')).toEqual([
      { taskId: 1, payAmount: '90' },
    ]);
    expect(fake.keysOf('/v4/design-task/insertTaskReadyPay')[0]).toMatch(/.+/);
  });
});
