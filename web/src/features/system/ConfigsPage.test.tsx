import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { ConfigsPage } from './ConfigsPage';

const config = (configId: number, configKey: string, configValue: string) => ({
  configId,
  configName: `参数 ${configId}`,
  configKey,
  configValue,
  configType: 'Y',
  remark: '',
  createTime: '2026-11-25T08:00:00.000Z',
});

function api() {
  const fake = new FakeApi({
    '/system/config/list': () => ({
      code: 200,
      msg: '查询成功',
      total: 2,
      rows: [
        config(1, 'sys.institute.timeZone', 'Asia/Shanghai'),
        config(2, 'sys.account.captchaEnabled', 'true'),
      ],
    }),
  });
  const puts: Record<string, unknown>[] = [];
  // The fake answers reads and posts; an update is a PUT.
  Object.assign(fake.client, {
    put: (_url: string, body: Record<string, unknown>) => {
      puts.push(body);
      return Promise.resolve({ code: 200, msg: '操作成功' });
    },
  });
  return { fake, puts };
}

const editRow = async (key: string) => {
  const cell = await screen.findByText(key);
  fireEvent.click(within(cell.closest('tr')!).getByText('修改'));
  return screen.findByTestId('form-dialog');
};

describe('参数设置: the institute time zone is picked, not typed', () => {
  it('offers a searchable list of zones for sys.institute.timeZone and saves the one picked', async () => {
    const { fake, puts } = api();
    renderWithApi(<ConfigsPage />, fake);
    const dialog = await editRow('sys.institute.timeZone');
    const picker = within(dialog).getByRole('combobox', { name: '参数键值' });
    expect((picker as HTMLInputElement).value).toBe('Asia/Shanghai');
    fireEvent.change(picker, { target: { value: 'new york' } });
    expect(await screen.findByRole('option', { name: 'America/New_York' })).toBeTruthy();
    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    fireEvent.keyDown(picker, { key: 'Enter' });
    await waitFor(() => expect((picker as HTMLInputElement).value).toBe('America/New_York'));
    fireEvent.click(within(dialog).getByText('确定'));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ configId: 1, configValue: 'America/New_York' });
  });

  it('keeps the plain text box for every other key', async () => {
    const { fake } = api();
    renderWithApi(<ConfigsPage />, fake);
    const dialog = await editRow('sys.account.captchaEnabled');
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: '参数键值' })).toBeTruthy();
  });
});
