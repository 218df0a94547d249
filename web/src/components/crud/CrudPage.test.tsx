import type { Page, WriteOptions } from '@dpms/http-client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createContainer } from '../../app/container';
import { TOKENS } from '../../app/tokens';
import { onPhone } from '../../test/media';
import { manualScheduler, renderInApp, signIn } from '../../test/render';
import { CrudPage, type CrudGateway } from './CrudPage';

interface Row {
  itemId: number;
  itemName: string;
  orderNum: number;
}

/** A gateway that records calls: the unit under test is the page around it. */
class RecordingGateway implements CrudGateway<Row, { itemName: string }> {
  rows: Row[] = [
    { itemId: 1, itemName: '建筑', orderNum: 1 },
    { itemId: 2, itemName: '结构', orderNum: 2 },
  ];
  lists: { itemName: string; pageNum: number; pageSize: number }[] = [];
  added: unknown[] = [];
  updated: unknown[] = [];
  removed: number[] = [];
  /** The Idempotency-Key each write was sent with. */
  keys: (string | undefined)[] = [];
  list(q: { itemName: string; pageNum: number; pageSize: number }): Promise<Page<Row>> {
    this.lists.push(q);
    const rows = this.rows.filter((r) => r.itemName.includes(q.itemName));
    return Promise.resolve({ rows, total: rows.length });
  }
  add(body: Record<string, unknown>, options?: WriteOptions) {
    this.added.push(body);
    this.keys.push(options?.idempotencyKey);
    return Promise.resolve();
  }
  update(body: Record<string, unknown>) {
    this.updated.push(body);
    return Promise.resolve();
  }
  remove(id: number, options?: WriteOptions) {
    this.removed.push(id);
    this.keys.push(options?.idempotencyKey);
    return Promise.resolve();
  }
}

function renderPage(gateway: RecordingGateway, permissions: string[]) {
  const container = createContainer();
  container.rebind(TOKENS.Scheduler).toConstantValue(manualScheduler().scheduler);
  signIn(container, { permissions });
  return renderInApp(
    container,
    <CrudPage<Row, { itemName: string }>
      title="条目管理"
      noun="条目"
      queryKey="items"
      gateway={gateway}
      filter={{ itemName: '' }}
      search={[{ key: 'itemName', label: '条目名称' }]}
      rowKey="itemId"
      columns={[
        { key: 'itemId', title: '编号' },
        { key: 'itemName', title: '名称' },
      ]}
      permissions={{ add: 'x:item:add', edit: 'x:item:edit', remove: 'x:item:remove' }}
      form={{
        idKey: 'itemId',
        defaults: { orderNum: '0' },
        toForm: (r) => ({ itemName: r.itemName, orderNum: String(r.orderNum) }),
        toBody: (v) => ({ ...v, orderNum: Number(v['orderNum']) }),
        fields: [
          { key: 'itemName', label: '条目名称', required: true },
          { key: 'orderNum', label: '显示排序', type: 'number' },
        ],
      }}
      remove={{ what: (r) => `条目"${r.itemName}"` }}
    />,
  );
}

const row = async (name: string) =>
  (await screen.findByText(name)).closest('tr') as HTMLTableRowElement;

describe('CrudPage', () => {
  it('on a phone, 筛选 counts the filters the list was searched with, not those typed since', async () => {
    onPhone();
    const gateway = new RecordingGateway();
    renderPage(gateway, ['*:*:*']);
    await waitFor(() => expect(gateway.lists).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: /筛选/ }));
    fireEvent.change(screen.getByLabelText('条目名称'), { target: { value: '建' } });
    expect(screen.getByRole('button', { name: /筛选/ }).textContent).toBe('筛选');
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(gateway.lists).toHaveLength(2));
    expect(screen.getByRole('button', { name: /筛选/ }).textContent).toBe('筛选1');
  });

  it('shows each button only to a holder of its permission', async () => {
    renderPage(new RecordingGateway(), ['x:item:edit']);
    const r = await row('建筑');
    expect(within(r).getByRole('button', { name: '修改' })).toBeTruthy();
    expect(within(r).queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });

  it('adds through the form: required fields first, then the body toBody builds', async () => {
    const gateway = new RecordingGateway();
    renderPage(gateway, ['*:*:*']);
    await row('建筑');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const form = screen.getByTestId('form-dialog');
    expect(within(form).getByText('添加条目')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: '确定' }));
    expect(await within(form).findByText('请输入条目名称')).toBeTruthy();
    expect(gateway.added).toEqual([]);
    fireEvent.change(within(form).getByLabelText('条目名称'), { target: { value: ' 暖通 ' } });
    fireEvent.change(within(form).getByLabelText('显示排序'), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: '确定' }));
    await screen.findByText('操作成功');
    expect(gateway.added).toEqual([{ itemName: '暖通', orderNum: 3 }]);
    await waitFor(() => expect(gateway.lists.length).toBeGreaterThan(1));
  });

  it('edits with the id under idKey and deletes only after the confirm', async () => {
    const gateway = new RecordingGateway();
    renderPage(gateway, ['*:*:*']);
    fireEvent.click(within(await row('结构')).getByRole('button', { name: '修改' }));
    const form = screen.getByTestId('form-dialog');
    expect(within(form).getByLabelText<HTMLInputElement>('条目名称').value).toBe('结构');
    fireEvent.click(within(form).getByRole('button', { name: '确定' }));
    await screen.findByText('操作成功');
    expect(gateway.updated).toEqual([{ itemName: '结构', orderNum: 2, itemId: 2 }]);

    fireEvent.click(within(await row('建筑')).getByRole('button', { name: '删除' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(within(confirm).getByText('是否确认删除条目"建筑"？')).toBeTruthy();
    expect(gateway.removed).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await screen.findByText('删除成功');
    expect(gateway.removed).toEqual([1]);
  });

  it('searches with the draft filter from page 1', async () => {
    const gateway = new RecordingGateway();
    renderPage(gateway, []);
    await row('建筑');
    fireEvent.change(screen.getByPlaceholderText('请输入条目名称'), { target: { value: '结' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(screen.queryByText('建筑')).toBeNull());
    expect(gateway.lists.at(-1)).toMatchObject({ itemName: '结', pageNum: 1 });
    expect(screen.queryByRole('columnheader', { name: '操作' })).toBeTruthy();
  });

  it('a double click on the dialog save sends one write with one Idempotency-Key', async () => {
    const gateway = new RecordingGateway();
    renderPage(gateway, ['*:*:*']);
    await row('建筑');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const form = screen.getByTestId('form-dialog');
    fireEvent.change(within(form).getByLabelText('条目名称'), { target: { value: '给排水' } });
    const save = within(form).getByRole('button', { name: '确定' });
    fireEvent.click(save);
    fireEvent.click(save);
    await screen.findByText('操作成功');
    expect(gateway.added).toEqual([{ itemName: '给排水', orderNum: 0 }]);
    expect(gateway.keys).toHaveLength(1);
    expect(gateway.keys[0]).toMatch(/^[\x21-\x7e]{1,100}$/);

    fireEvent.click(within(await row('建筑')).getByRole('button', { name: '删除' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await screen.findByText('删除成功');
    expect(gateway.keys).toHaveLength(2);
    expect(gateway.keys[1]).toMatch(/^[\x21-\x7e]{1,100}$/);
    expect(gateway.keys[1]).not.toBe(gateway.keys[0]);
  });
});
