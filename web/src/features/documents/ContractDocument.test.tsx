import {
  amountInWords,
  loadContractDoc,
  normalizeAmountInput,
  type ApprovalDetail,
  type ContractDocState,
  type LoadContractDocInput,
  type ProjectOption,
} from '@dpms/core';
import { HttpClient, type HttpClientOptions } from '@dpms/http-client';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import fc from 'fast-check';
import { useState, type ComponentProps } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithServices } from '../../test/render';
import { ContractDocument } from './ContractDocument';
import { ContractDocumentEditor } from './ContractDocumentEditor';
import { ContractDocumentGateway } from './contract-document.gateway';

const PROJECTS: ProjectOption[] = [
  {
    value: 12,
    text: 'HT-12 滨江花园二期',
    projectName: '滨江花园二期',
    taskList: [
      {
        value: 31,
        text: '施工图设计',
        designStageId: '3',
        majorList: [
          { value: 1, text: '建筑' },
          { value: 2, text: '结构' },
        ],
      },
      { value: 32, text: '方案设计', designStageId: '1', majorList: [{ value: 5, text: '景观' }] },
    ],
  },
  { value: 13, text: '城西小学', taskList: [{ value: 41, text: '初步设计', designStageId: '2' }] },
];

const PROCESS_COSTS = [
  { designStageId: '1', projectResultContent: '方案文本及效果图' },
  { designStageId: '3', projectResultContent: '施工图蓝图及电子文件' },
];

const PARTY_A = {
  signBySub: '华东示范建筑设计研究院有限公司',
  subAddress: '杭州市西湖区文三路100号',
  subTaxpayerNum: '913301007654321',
  subOpenBank: '工商银行',
  subOpenBankNum: '1202020109900012345',
  subPhone: '0571-88886666',
};

const stateOf = (input: Partial<LoadContractDocInput> & Pick<LoadContractDocInput, 'type'>) =>
  loadContractDoc({ projects: PROJECTS, processCosts: PROCESS_COSTS, settings: PARTY_A, ...input });

/** The screen's way of holding a document: every change is the component's next state. */
function Editable(
  props: { initial: ContractDocState } & Omit<ComponentProps<typeof ContractDocument>, 'state'>,
) {
  const { initial, ...rest } = props;
  const [state, setState] = useState(initial);
  return <ContractDocument {...rest} state={state} onChange={setState} />;
}

const field = (container: HTMLElement, name: string) =>
  container.querySelector<HTMLElement>(`[data-field="${name}"]`);

describe('ContractDocument', () => {
  it('the words follow the amount as it is typed and are never an input', () => {
    const { container } = render(<Editable initial={stateOf({ type: 7 })} />);
    const amount = screen.getByLabelText('合同金额（万元）');
    for (const typed of ['1', '12', '12.', '12.3', '12.34', '12.345', '12.3456', '12.34567']) {
      fireEvent.change(amount, { target: { value: typed } });
      const kept = normalizeAmountInput(typed, 7, 'totalAmount');
      expect((amount as HTMLInputElement).value).toBe(kept);
      expect(field(container, 'upValue')?.textContent).toBe(amountInWords(kept));
    }
    expect(field(container, 'upValue')?.textContent).toBe('壹拾贰万叁仟肆佰伍拾陆元整');
    expect(field(container, 'upValue')?.tagName).toBe('SPAN');
    expect(screen.queryByRole('textbox', { name: '合同金额大写' })).toBeNull();
  });

  it('shows the words of whatever is typed, by the type’s own input rule (property)', () => {
    for (const type of [3, 6, 8] as const) {
      const { container, unmount } = render(<Editable initial={stateOf({ type })} />);
      const amount = screen.getByLabelText('合同金额（万元）');
      fc.assert(
        fc.property(fc.stringMatching(/^[0-9.a,０-９]{0,14}$/), (raw) => {
          fireEvent.change(amount, { target: { value: raw } });
          const kept = normalizeAmountInput(raw, type, 'totalAmount');
          return (
            (amount as HTMLInputElement).value === kept &&
            field(container, 'upValue')?.textContent === (amountInWords(kept) || '\u00a0')
          );
        }),
        { numRuns: 25 },
      );
      unmount();
    }
    // Dozens of renders: a loaded two-core machine needs more than the default five seconds.
  }, 30_000);

  it('read-only: every field is text; party A is never editable', () => {
    const data = { ...PARTY_A, signByMain: '杭州图文快印有限公司', totalAmount: '12.5' };
    const readOnly = render(
      <Editable initial={stateOf({ type: 7, readOnly: true, data, projects: [] })} />,
    );
    expect(readOnly.container.querySelectorAll('input, select, textarea')).toHaveLength(0);
    expect(field(readOnly.container, 'signByMain')?.textContent).toBe('杭州图文快印有限公司');
    readOnly.unmount();

    const editable = render(<Editable initial={stateOf({ type: 7, data })} />);
    for (const name of Object.keys(PARTY_A)) {
      expect(field(editable.container, name)?.tagName, name).toBe('SPAN');
    }
    expect(field(editable.container, 'subPhone')?.textContent).toBe('0571-88886666');
    expect(field(editable.container, 'signByMain')?.tagName).toBe('INPUT');
    expect(field(editable.container, 'mainPhone')?.getAttribute('maxlength')).toBe('15');
    expect(field(editable.container, 'mainOpenBankNum')?.getAttribute('maxlength')).toBe('30');
    // The print page passes no onChange: the same component, nothing to type into.
    editable.unmount();
    const print = render(<ContractDocument state={stateOf({ type: 7, data })} />);
    expect(print.container.querySelectorAll('input, select, textarea')).toHaveLength(0);
  });

  it('type 7: the project sets the name and the stages; the stage fills the deliverable; a new project clears them', () => {
    const { container } = render(<Editable initial={stateOf({ type: 7 })} />);
    fireEvent.change(screen.getByLabelText('项目名称'), { target: { value: '12' } });
    expect(field(container, 'contractName')?.textContent).toBe('滨江花园二期图文制作合同');
    fireEvent.change(screen.getByLabelText('设计阶段'), { target: { value: '31' } });
    expect(screen.getByLabelText<HTMLTextAreaElement>('成果内容').value).toBe(
      '施工图蓝图及电子文件',
    );
    fireEvent.change(screen.getByLabelText('制作类型'), { target: { value: '效果图' } });
    fireEvent.change(screen.getByLabelText('项目名称'), { target: { value: '13' } });
    expect(screen.getByLabelText<HTMLSelectElement>('设计阶段').value).toBe('');
    expect(screen.getByLabelText<HTMLTextAreaElement>('成果内容').value).toBe('');
    expect(screen.getByLabelText<HTMLSelectElement>('制作类型').value).toBe('效果图');
    expect(field(container, 'contractName')?.textContent).toBe('城西小学图文制作合同');
  });

  it('type 6: the disciplines are the chosen task’s majorList, cleared by another stage', () => {
    render(<Editable initial={stateOf({ type: 6 })} />);
    fireEvent.change(screen.getByLabelText('项目名称'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('设计阶段'), { target: { value: '31' } });
    const major = screen.getByLabelText<HTMLSelectElement>('专业');
    expect(
      within(major)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['请选择专业', '建筑', '结构']);
    fireEvent.change(major, { target: { value: '2' } });
    expect(major.value).toBe('2');
    fireEvent.change(screen.getByLabelText('设计阶段'), { target: { value: '32' } });
    expect(screen.getByLabelText<HTMLSelectElement>('专业').value).toBe('');
    expect(
      within(screen.getByLabelText('专业'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['请选择专业', '景观']);
    expect(screen.getByLabelText('子项名称')).toBeTruthy();
  });

  it('type 3: several stages, kept in task-list order whatever the click order', () => {
    const seen: ContractDocState[] = [];
    function Spy() {
      const [state, setState] = useState(stateOf({ type: 3 }));
      return (
        <ContractDocument
          state={state}
          onChange={(next) => {
            seen.push(next);
            setState(next);
          }}
        />
      );
    }
    render(<Spy />);
    fireEvent.change(screen.getByLabelText('项目名称'), { target: { value: '12' } });
    const stages = screen.getByRole('group', { name: '设计阶段' });
    fireEvent.click(within(stages).getByLabelText('方案设计'));
    fireEvent.click(within(stages).getByLabelText('施工图设计'));
    expect(seen.at(-1)?.values).toMatchObject({
      designStageId: '31,32',
      designStage: '施工图设计,方案设计',
    });
    expect(screen.getByLabelText('特殊技术服务内容').tagName).toBe('TEXTAREA');
  });

  it('type 8: its own fields, no project, named after its service content', () => {
    const { container } = render(<Editable initial={stateOf({ type: 8 })} />);
    expect(screen.queryByLabelText('项目名称')).toBeNull();
    expect(screen.queryByLabelText('设计阶段')).toBeNull();
    fireEvent.change(screen.getByLabelText('服务内容'), { target: { value: '绿色建筑咨询' } });
    expect(field(container, 'contractName')?.textContent).toBe('绿色建筑咨询服务指导协议');
    fireEvent.change(screen.getByLabelText('合同金额（万元）'), { target: { value: '3.456' } });
    expect(screen.getByLabelText<HTMLInputElement>('合同金额（万元）').value).toBe('3.45');
    fireEvent.change(screen.getByLabelText('期限内支付金额（万元）'), {
      target: { value: '1.23456' },
    });
    expect(field(container, 'withinUpValue')?.textContent).toBe(amountInWords('1.2345'));
    expect(screen.getByLabelText('服务开始日期')).toBeTruthy();
    expect(screen.getByLabelText('乙方纳税人识别号')).toBeTruthy();
  });

  it('shows the sign footer by signtype, a row per node with its signature', () => {
    const approval: ApprovalDetail = {
      approvalDetailBO: {
        creatorSignUrl: 'data:image/png;base64,AAAA',
        approvalNodeList: [
          {
            nodeId: '1',
            nodeName: '部门负责人',
            content: '同意',
            approvalUserSignUrl: 'data:image/png;base64,BBBB',
          },
        ],
        unApprovalList: [{ nodeId: '2', nodeName: '经营部' }],
        currentNodeName: '经营部',
      },
      attachmentList: [],
      sealImagesList: [],
      imgFiles: [],
      currentSignRecord: null,
    };
    const state = stateOf({ type: 1, readOnly: true });
    const none = render(<ContractDocument state={state} approval={approval} signtype={0} />);
    expect(none.queryByTestId('signature-rows')).toBeNull();
    none.unmount();
    render(<ContractDocument state={state} approval={approval} signtype="2" />);
    const rows = within(screen.getByTestId('signature-rows')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-node'))).toEqual([
      '拟稿人',
      '部门负责人',
      '经营部',
    ]);
    expect(within(rows[1]!).getByRole('img').getAttribute('src')).toBe(
      'data:image/png;base64,BBBB',
    );
    expect(rows[2]?.textContent).toContain('待签署');
  });
});

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
      if (url.endsWith('/listByDesign')) return { code: 200, data: [] };
      return { code: 200, data: [] };
    });
    const { container } = renderWithServices(<ContractDocumentEditor gateway={gateway} type={1} />);
    await waitFor(() => expect(field(container, 'signBySub')?.textContent).toBe(PARTY_A.signBySub));
    expect(field(container, 'subOpenBankNum')?.textContent).toBe(PARTY_A.subOpenBankNum);
    expect(field(container, 'subPhone')?.textContent).toBe('\u00a0');
    expect(calls.filter((c) => c.url.includes('/system/config/configKey/'))).toHaveLength(6);
  });

  it('reads the task records’ own shape for projects, and type 7 its deliverable from the process-cost list; saves with the recomputed words', async () => {
    const { gateway, calls } = scripted((url, method) => {
      if (url.includes('/configKey/')) return { code: 200, msg: 'x' };
      if (url.endsWith('/listByDesign')) {
        return {
          code: 200,
          data: [
            {
              contractId: 12,
              projectName: '滨江花园二期',
              contractName: '滨江花园二期设计合同',
              tasks: [
                {
                  taskId: 31,
                  taskName: '效果图任务',
                  designStageId: '3',
                  designStageName: '施工图设计',
                  majorList: [{ majorId: 1, majorName: '建筑' }],
                },
              ],
            },
          ],
        };
      }
      if (url.includes('/dict/data/type/process_cost')) {
        return { code: 200, data: [{ dictLabel: '施工图蓝图及电子文件', dictValue: '3' }] };
      }
      if (url.endsWith('/contract-document/add') && method === 'post') {
        return { code: 400, msg: '乙方电话不能超过15个字符', field: 'mainPhone' };
      }
      return { code: 200, data: [] };
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

  describe('signing mode (signtype 3)', () => {
    const STORED = {
      documentId: 5,
      docType: 1,
      docTypeName: '技术咨询合同',
      status: 0,
      statusName: '审批中',
      editable: false,
      approvalId: '9',
      version: 2,
      createBy: '李项目',
      createTime: '2026-11-20 10:00:00',
      updateTime: '2026-11-20 10:00:00',
      contractName: '滨江花园二期技术咨询合同',
      signByMain: '杭州咨询有限公司',
      totalAmount: '12',
      upValue: '壹拾贰万元整',
    };
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
      approval: { approvalId: '9', version: signed ? 5 : 4, status: 0, round: 1 },
      log: [],
      userNames: {},
      allowedActions: mine && !signed ? ['approve', 'reject', 'return', 'transfer', 'cc'] : ['cc'],
    });

    const server = (mine: boolean) => {
      let signed = false;
      return scripted((url, method) => {
        if (url.includes('/configKey/')) return { code: 200, msg: '' };
        if (url.endsWith('/detailById')) return { code: 200, data: STORED };
        if (url.endsWith('/getCommonApprovalDetail'))
          return { code: 200, data: approvalAnswer(mine, signed) };
        if (url.endsWith('/approval/process') && method === 'post') {
          signed = true;
          return { code: 200, data: { approvalId: '9', status: 0, version: 5 } };
        }
        return { code: 200, data: [] };
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
        if (url.endsWith('/detailById')) return { code: 200, data: STORED };
        if (url.endsWith('/getCommonApprovalDetail'))
          return { code: 200, data: approvalAnswer(true, signed) };
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
          return { code: 200, data: { approvalId: '9', status: 0, version: 5 } };
        }
        return { code: 200, data: [] };
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
