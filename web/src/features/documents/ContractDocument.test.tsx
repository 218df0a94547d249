import {
  amountInWords,
  loadContractDoc,
  normalizeAmountInput,
  type ApprovalDetail,
  type ContractDocState,
  type LoadContractDocInput,
  type ProjectOption,
} from '@dpms/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { useState, type ComponentProps } from 'react';
import { describe, expect, it } from 'vitest';
import { ContractDocument } from './ContractDocument';

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
