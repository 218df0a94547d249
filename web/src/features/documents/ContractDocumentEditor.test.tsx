import { ContractDocumentGateway, HttpClient, type HttpClientOptions } from '@dpms/http-client';
import { EMPTY_CONTRACT_DOC_VALUES, validateContractDoc } from '@dpms/core';
import { requiredContractDocFields } from '@dpms/wire';
import { aContractDocument } from '@dpms/wire/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithServices } from '../../test/render';
import { ContractDocumentEditor } from './ContractDocumentEditor';

const PARTY_A = {
  signBySub: '华东示范建筑设计研究院有限公司',
  subAddress: '杭州市西湖区文三路100号',
  subTaxpayerNum: '913301007654321',
  subOpenBank: '工商银行',
  subOpenBankNum: '1202020109900012345',
  subPhone: '0571-88886666',
};

const field = (container: HTMLElement, name: string) =>
  container.querySelector<HTMLElement>(`[data-field="${name}"]`);

type Adapter = NonNullable<HttpClientOptions['adapter']>;

/** The real client and gateway over a scripted server. */
function scripted(answer: (url: string, method: string, data: unknown) => unknown) {
  const calls: { url: string; method: string; data: unknown; key: unknown }[] = [];
  const adapter: Adapter = (config) => {
    const url = config.url ?? '';
    const method = config.method ?? 'get';
    const data: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    calls.push({ url, method, data, key: config.headers?.['Idempotency-Key'] });
    return Promise.resolve({
      status: 200,
      statusText: 'OK',
      headers: {},
      config,
      data: answer(url, method, data),
    });
  };
  const http = new HttpClient({
    tokens: { get: () => 'token' },
    ui: { confirm: () => Promise.resolve(false), error: () => undefined, logout: () => undefined },
    adapter,
  });
  return { gateway: new ContractDocumentGateway(http), calls };
}

describe('ContractDocumentEditor', () => {
  it('fills party A from the settings read in parallel; a non-200 leaves that field empty', async () => {
    const { gateway, calls } = scripted((url) => {
      const key = /configKey\/(\w+)$/.exec(url)?.[1];
      if (key === 'subPhone') return { code: 500, msg: '参数不存在' };
      if (key !== undefined) return { code: 200, msg: PARTY_A[key as keyof typeof PARTY_A] };
      if (url.endsWith('/listByDesign')) return { code: 200, msg: '', data: [] };
      return { code: 200, msg: '', data: [] };
    });
    const { container } = renderWithServices(<ContractDocumentEditor gateway={gateway} type={1} />);
    await waitFor(() => expect(field(container, 'signBySub')?.textContent).toBe(PARTY_A.signBySub));
    expect(field(container, 'subOpenBankNum')?.textContent).toBe(PARTY_A.subOpenBankNum);
    expect(field(container, 'subPhone')?.textContent).toBe('\u00a0');
    expect(calls.filter((c) => c.url.includes('/system/config/configKey/'))).toHaveLength(6);
  });

  it('reads the projects of listByDesign, and type 7 its deliverable from the process-cost list; saves with the recomputed words', async () => {
    const { gateway, calls } = scripted((url, method) => {
      if (url.includes('/configKey/')) return { code: 200, msg: 'x' };
      if (url.endsWith('/listByDesign')) {
        return {
          code: 200,
          msg: '',
          data: [
            {
              value: 12,
              text: 'HT-12 滨江花园二期',
              projectName: '滨江花园二期',
              contractName: '滨江花园二期设计合同',
              contractNo: 'HT-12',
              taskList: [
                {
                  value: 31,
                  text: '施工图设计 · 效果图任务',
                  taskNo: 'RW-31',
                  taskName: '效果图任务',
                  designStageId: '3',
                  designStageName: '施工图设计',
                  majorList: [{ value: 1, text: '建筑', majorId: 1, majorName: '建筑' }],
                },
              ],
            },
          ],
        };
      }
      if (url.includes('/dict/data/type/process_cost')) {
        return {
          code: 200,
          msg: '',
          data: [{ dictLabel: '施工图蓝图及电子文件', dictValue: '3' }],
        };
      }
      if (url.endsWith('/contract-document/add') && method === 'post') {
        return { code: 400, msg: '乙方电话不能超过15个字符', field: 'mainPhone' };
      }
      return { code: 200, msg: '', data: [] };
    });
    renderWithServices(<ContractDocumentEditor gateway={gateway} type={7} />);
    const project = await screen.findByLabelText('项目名称');
    await waitFor(() => expect(within(project).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(project, { target: { value: '12' } });
    await waitFor(() => expect(calls.some((c) => c.url.includes('process_cost'))).toBe(true));
    fireEvent.change(screen.getByLabelText('设计阶段'), { target: { value: '31' } });
    expect(screen.getByLabelText<HTMLTextAreaElement>('成果内容').value).toBe(
      '施工图蓝图及电子文件',
    );
    fireEvent.change(screen.getByLabelText('乙方'), { target: { value: '快印公司' } });
    fireEvent.change(screen.getByLabelText('合同金额（万元）'), { target: { value: '8.5' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/add'))).toBe(true));
    const body = calls.find((c) => c.url.endsWith('/add'))?.data;
    expect(body).toMatchObject({
      docType: 7,
      contractId: '12',
      designStageId: '31',
      totalAmount: '8.5',
      upValue: '捌万伍仟元整',
      contractName: '滨江花园二期图文制作合同',
    });
    // The server's refusal lands on its field.
    expect(
      await screen.findByText('乙方电话不能超过15个字符', { selector: '.doc-error' }),
    ).toBeTruthy();
  });

  it('refuses to submit an incomplete document before calling, naming each field', async () => {
    const { gateway, calls } = scripted(() => ({ code: 200, data: [], msg: '' }));
    renderWithServices(<ContractDocumentEditor gateway={gateway} type={8} />);
    fireEvent.click(await screen.findByRole('button', { name: '提交审批' }));
    expect(await screen.findByText('请输入乙方', { selector: '.doc-error' })).toBeTruthy();
    expect(screen.getByText('请选择签订日期', { selector: '.doc-error' })).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/add'))).toBe(false);
  });

  it('a blank submit shows every field a submit needs beside it at once, marked as core lists them', async () => {
    const { gateway, calls } = scripted(() => ({ code: 200, data: [], msg: '' }));
    const { container } = renderWithServices(<ContractDocumentEditor gateway={gateway} type={8} />);
    await screen.findByRole('button', { name: '提交审批' });
    const marked = [...container.querySelectorAll('[data-required]')].map((m) =>
      m.getAttribute('data-required'),
    );
    expect(new Set(marked)).toEqual(new Set(requiredContractDocFields(8)));
    fireEvent.click(screen.getByRole('button', { name: '提交审批' }));
    const expected = validateContractDoc(8, EMPTY_CONTRACT_DOC_VALUES, 'submit');
    const wanted = (expected.ok ? [] : expected.error.errors).filter((e) =>
      requiredContractDocFields(8).includes(e.field as never),
    );
    expect(wanted.length).toBeGreaterThan(3);
    await waitFor(() => {
      const shown = [...container.querySelectorAll('.doc-error')].map((e) => e.textContent);
      expect(new Set(shown)).toEqual(new Set(wanted.map((e) => e.message)));
    });
    expect(calls.some((c) => c.url.endsWith('/add'))).toBe(false);
    // A field typed into loses its message; the others keep theirs.
    fireEvent.change(screen.getByLabelText('乙方'), { target: { value: '快印公司' } });
    await waitFor(() =>
      expect(screen.queryByText('请输入乙方', { selector: '.doc-error' })).toBeNull(),
    );
    expect(screen.getByText('请选择签订日期', { selector: '.doc-error' })).toBeTruthy();
  });

  it('a server 400 lands each of its errors[] beside its field, and a retry keeps the key', async () => {
    const { gateway, calls } = scripted((url, method) => {
      if (url.endsWith('/contract-document/add') && method === 'post') {
        return {
          code: 400,
          msg: '乙方电话格式不正确',
          field: 'mainPhone',
          errors: [
            { field: 'mainPhone', message: '乙方电话格式不正确' },
            { field: 'mainAddress', message: '乙方地址不能超过50个字符' },
          ],
        };
      }
      return { code: 200, msg: '', data: [] };
    });
    renderWithServices(<ContractDocumentEditor gateway={gateway} type={8} />);
    fireEvent.change(await screen.findByLabelText('乙方'), { target: { value: '快印公司' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('乙方电话格式不正确', { selector: '.doc-error' })).toBeTruthy();
    expect(screen.getByText('乙方地址不能超过50个字符', { selector: '.doc-error' })).toBeTruthy();
    const adds = calls.filter((c) => c.url.endsWith('/add'));
    expect(adds).toHaveLength(1);
    expect(typeof adds[0]?.key).toBe('string');
  });

  describe('signing mode (signtype 3)', () => {
    const STORED = aContractDocument({
      documentId: 5,
      docType: 1,
      status: 0,
      statusName: '审批中',
      editable: false,
      approvalId: '9',
      version: 2,
      contractName: '滨江花园二期技术咨询合同',
      signByMain: '杭州咨询有限公司',
      totalAmount: '12',
      upValue: '壹拾贰万元整',
    });
    /** The approval at 经营部 with 部门负责人 signed; `mine` says whether the viewer may act. */
    const approvalAnswer = (mine: boolean, signed = false) => ({
      approvalDetailBO: {
        creatorSignUrl: null,
        approvalNodeList: [
          { nodeId: '1', nodeName: '部门负责人', content: '同意', approvalUserSignUrl: null },
          ...(signed
            ? [{ nodeId: '2', nodeName: '经营部', content: '价格合理', approvalUserSignUrl: null }]
            : []),
        ],
        unApprovalList: signed ? [] : [{ nodeId: '2', nodeName: '经营部' }],
        currentNodeName: signed ? '' : '经营部',
      },
      attachmentList: [],
      sealImagesList: [],
      imgFiles: [],
      currentSignRecord: null,
      approval: {
        approvalId: '9',
        typeCode: '5_1',
        typeName: '合同审批',
        kind: 'Contract',
        title: '滨江花园二期技术咨询合同',
        status: 0,
        version: signed ? 5 : 4,
        round: 1,
        drafterId: '6',
        deptId: 100,
        recordKind: 'contractDocument',
        recordId: '5',
        content: {},
        templateContent: null,
        files: [],
        nodes: [],
        currentNodeIndex: 1,
        readers: [],
        createTime: '2026-11-20T02:00:00.000Z',
        updateTime: '2026-11-20T02:00:00.000Z',
        submitTime: '2026-11-20T02:00:00.000Z',
        finishTime: null,
      },
      log: [],
      userNames: {},
      allowedActions: mine && !signed ? ['approve', 'reject', 'return', 'transfer', 'cc'] : ['cc'],
    });

    const server = (mine: boolean) => {
      let signed = false;
      return scripted((url, method) => {
        if (url.includes('/configKey/')) return { code: 200, msg: '' };
        if (url.endsWith('/detailById')) return { code: 200, msg: '', data: STORED };
        if (url.endsWith('/getCommonApprovalDetail'))
          return { code: 200, msg: '', data: approvalAnswer(mine, signed) };
        if (url.endsWith('/approval/process') && method === 'post') {
          signed = true;
          return {
            code: 200,
            msg: '',
            data: { approvalId: '9', status: 0, version: 5, currentNodeName: '' },
          };
        }
        return { code: 200, msg: '', data: [] };
      });
    };

    it('the signer types an opinion in the footer and it is sent with the approval', async () => {
      const { gateway, calls } = server(true);
      renderWithServices(<ContractDocumentEditor gateway={gateway} documentId={5} signtype="3" />);
      const input = await screen.findByLabelText<HTMLInputElement>('审批意见');
      // The opinion row is the footer's last, labelled with the node now signing.
      const row = input.closest('tr');
      expect(row?.getAttribute('data-kind')).toBe('opinion');
      expect(within(row!).getByRole('rowheader').textContent).toBe('经营部');
      expect(input.maxLength).toBe(20);
      fireEvent.change(input, { target: { value: ' 价格合理 ' } });
      fireEvent.click(screen.getByRole('button', { name: '同意' }));
      await waitFor(() =>
        expect(calls.filter((c) => c.url.endsWith('/approval/process'))).toHaveLength(1),
      );
      const sent = calls.find((c) => c.url.endsWith('/approval/process'));
      expect(sent?.data).toEqual({
        approvalId: '9',
        action: 'approve',
        version: 4,
        opinion: '价格合理',
      });
      expect(sent?.key).toEqual(expect.stringMatching(/\S{8,}/));
      // Signed: the footer shows the opinion on its node and no longer offers signing.
      await waitFor(() => expect(screen.queryByLabelText('审批意见')).toBeNull());
      const signedRow = screen
        .getByTestId('signature-rows')
        .querySelector('tr[data-node="经营部"]');
      expect(signedRow?.textContent).toContain('价格合理');
      expect(screen.queryByRole('button', { name: '同意' })).toBeNull();
    });

    it('timeout, edited opinion, retry: a 422 on the kept key refreshes and says the first may have applied; no second signature', async () => {
      let signed = false;
      let lose = true;
      const stored = new Map<string, string>();
      const { gateway, calls } = scripted((url, method, data) => {
        if (url.includes('/configKey/')) return { code: 200, msg: '' };
        if (url.endsWith('/detailById')) return { code: 200, msg: '', data: STORED };
        if (url.endsWith('/getCommonApprovalDetail'))
          return { code: 200, msg: '', data: approvalAnswer(true, signed) };
        if (url.endsWith('/approval/process') && method === 'post') {
          const call = calls[calls.length - 1]!;
          const key = String(call.key);
          const first = stored.get(key);
          if (first !== undefined && first !== JSON.stringify(data)) {
            return {
              code: 422,
              msg: '请求标识 Idempotency-Key 已用于内容不同的请求，请为新的请求使用新的 Idempotency-Key',
              errorCode: 'IDEMPOTENCY.KEY_MISMATCH',
              field: 'Idempotency-Key',
            };
          }
          stored.set(key, JSON.stringify(data));
          signed = true;
          if (lose) {
            lose = false;
            // Applied, but the answer never reaches the browser.
            throw new Error('timeout of 10000ms exceeded');
          }
          return {
            code: 200,
            msg: '',
            data: { approvalId: '9', status: 0, version: 5, currentNodeName: '' },
          };
        }
        return { code: 200, msg: '', data: [] };
      });
      renderWithServices(<ContractDocumentEditor gateway={gateway} documentId={5} signtype="3" />);
      const processCalls = () => calls.filter((c) => c.url.endsWith('/approval/process'));
      const detailCalls = () => calls.filter((c) => c.url.endsWith('/getCommonApprovalDetail'));
      fireEvent.change(await screen.findByLabelText('审批意见'), { target: { value: '同意' } });
      fireEvent.click(screen.getByRole('button', { name: '同意' }));
      await waitFor(() => expect(processCalls()).toHaveLength(1));
      await waitFor(() => expect(screen.getByRole('button', { name: '同意' })).toBeTruthy());
      const before = detailCalls().length;
      fireEvent.change(screen.getByLabelText('审批意见'), { target: { value: '同意，价格合理' } });
      fireEvent.click(screen.getByRole('button', { name: '同意' }));
      expect(
        await screen.findByText('之前的提交可能已生效，已为您刷新，请核对后再操作'),
      ).toBeTruthy();
      // The approval is read again: it shows as signed and offers no second signature.
      await waitFor(() => expect(detailCalls().length).toBeGreaterThan(before));
      await waitFor(() => expect(screen.queryByLabelText('审批意见')).toBeNull());
      expect(screen.queryByRole('button', { name: '同意' })).toBeNull();
      expect(processCalls()).toHaveLength(2);
      expect(processCalls()[1]?.key).toBe(processCalls()[0]?.key);
      expect(stored.size).toBe(1);
    });

    it('a rejection carries the opinion too, once confirmed', async () => {
      const { gateway, calls } = server(true);
      renderWithServices(<ContractDocumentEditor gateway={gateway} documentId={5} signtype={3} />);
      fireEvent.change(await screen.findByLabelText('审批意见'), {
        target: { value: '金额有误' },
      });
      fireEvent.click(screen.getByRole('button', { name: '驳回' }));
      fireEvent.click(await screen.findByRole('button', { name: '确定' }));
      await waitFor(() =>
        expect(calls.find((c) => c.url.endsWith('/approval/process'))?.data).toEqual({
          approvalId: '9',
          action: 'reject',
          version: 4,
          opinion: '金额有误',
        }),
      );
    });

    it('no opinion input for a viewer who may not sign, nor outside signing mode', async () => {
      const notMine = server(false);
      const first = renderWithServices(
        <ContractDocumentEditor gateway={notMine.gateway} documentId={5} signtype="3" />,
      );
      await waitFor(() =>
        expect(notMine.calls.some((c) => c.url.endsWith('/getCommonApprovalDetail'))).toBe(true),
      );
      await screen.findByTestId('signature-rows');
      expect(screen.queryByLabelText('审批意见')).toBeNull();
      expect(screen.queryByRole('button', { name: '同意' })).toBeNull();
      first.unmount();

      const viewing = server(true);
      renderWithServices(
        <ContractDocumentEditor gateway={viewing.gateway} documentId={5} signtype="2" />,
      );
      await screen.findByTestId('signature-rows');
      await waitFor(() =>
        expect(
          screen.getByTestId('signature-rows').querySelector('tr[data-node="经营部"]'),
        ).not.toBeNull(),
      );
      expect(screen.queryByLabelText('审批意见')).toBeNull();
      expect(screen.queryByRole('button', { name: '同意' })).toBeNull();
    });
  });
});
