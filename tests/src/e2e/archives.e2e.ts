/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { api, apiToken, openMenu, REAL_STATUS, signIn } from '../support/shell.js';
import { clickAction } from '../support/row-actions.js';

const PDF = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';

/** The keeper yunying uploads a PDF and registers it as an archive; its id. */
async function registerArchive(baseURL: string, archiveName: string): Promise<number> {
  const token = await apiToken(baseURL, 'yunying');
  const form = new FormData();
  form.append('file', new Blob([PDF], { type: 'application/pdf' }), `${archiveName}.pdf`);
  const up = await fetch(`${baseURL}/prod-api/common/upload`, {
    method: 'POST',
    headers: { ...REAL_STATUS, Authorization: `Bearer ${token}` },
    body: form,
  });
  const uploaded = (await up.json()) as { code: number; msg: string; data: { fileId: string } };
  expect(uploaded.code, uploaded.msg).toBe(200);
  const added = await api<{ code: number; msg: string; data: { archiveId: number } }>(
    baseURL,
    token,
    'POST',
    '/project/archives/add',
    {
      archiveName,
      archiveNo: 'DA-E2E',
      projectName: '浏览器测试项目',
      fileId: uploaded.data.fileId,
    },
  );
  expect(added.code, added.msg).toBe(200);
  return added.data.archiveId;
}

async function approve(baseURL: string, user: string, approvalId: string): Promise<void> {
  const token = await apiToken(baseURL, user);
  const d = await api<{ data: { approval: { version: number } } }>(
    baseURL,
    token,
    'GET',
    `/project/approval/getCommonApprovalDetail?serviceId=${approvalId}`,
  );
  const r = await api<{ code: number; msg: string }>(
    baseURL,
    token,
    'POST',
    '/project/approval/process',
    { approvalId, version: d.data.approval.version, action: 'approve', opinion: '同意' },
  );
  expect(r.code, r.msg).toBe(200);
}

describe('archive borrowing in the browser', () => {
  const session = useBrowser();

  it('a user asks to borrow an archive with the pledge; once signed, they open and download it', async () => {
    const { page, baseURL } = session();
    await page.addInitScript(() => sessionStorage.setItem('hideNotify', 'true'));
    const name = `借阅测试档案${String(Date.now())}`;
    const archiveId = await registerArchive(baseURL, name);

    await signIn(page, 'zhjy');
    await openMenu(page, '项目管理', '档案管理');
    await page.getByLabel('档案名称').first().fill(name);
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    await clickAction(page.getByTestId(`archive-borrow-${String(archiveId)}`));
    const dialog = page.getByTestId('borrow-dialog');
    await dialog.getByLabel('借阅目的').fill('复核竣工资料');
    await dialog.getByLabel('保密承诺').fill('本人承诺对借阅档案严格保密，按期归还。');
    expect(await dialog.getByTestId('pledge-counter').textContent()).toBe('19/1200');
    await dialog.getByTestId('borrow-submit').click();
    await page.getByText('借阅申请已提交审批').first().waitFor();

    // The department head and general affairs sign the retrieval commitment (27_1).
    const token = await apiToken(baseURL, 'zhjy');
    const mine = await api<{ rows: { borrowId: number; approvalId: string; archiveId: number }[] }>(
      baseURL,
      token,
      'GET',
      `/project/archives/borrowList?archiveId=${String(archiveId)}`,
    );
    const approvalId = mine.rows[0]?.approvalId;
    if (approvalId === undefined) throw new Error('the borrowing was not sent into approval');
    await approve(baseURL, 'jingying', approvalId);
    await approve(baseURL, 'zhsw', approvalId);

    // The borrowing shows as 借阅中, and the archive opens with its file.
    await page.getByRole('tab', { name: '借阅记录' }).click();
    await page
      .getByTestId(`borrow-state-${String(mine.rows[0]?.borrowId)}`)
      .getByText('借阅中')
      .waitFor();
    await page.getByRole('tab', { name: '档案目录' }).click();
    await page.getByLabel('档案名称').first().fill(name);
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    await page.getByTestId(`archive-view-${String(archiveId)}`).click();
    const view = page.getByTestId('archive-view');
    expect(await view.getByTestId('archive-file').textContent()).toBe(`${name}.pdf`);
    const download = page.waitForEvent('download');
    await view.getByRole('button', { name: '下载' }).click();
    expect((await download).suggestedFilename()).toBe(`${name}.pdf`);
  });
});
