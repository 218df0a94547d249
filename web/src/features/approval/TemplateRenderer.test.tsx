import {
  SEAL_TYPE_OPTIONS,
  TEMPLATE_FIELD_TYPES,
  initialContent,
  type TemplateContent,
  type TemplateField,
  type ValidatableTemplate,
} from '@dpms/core';
import type { FileGateway } from '@dpms/http-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render as rtlRender, screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createContainer } from '../../app/container';
import { ServiceProvider } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import {
  TemplateRenderer,
  isExpiredFile,
  withoutExpiredFiles,
  type FileActions,
} from './TemplateRenderer';
import { fieldErrors, type OptionSources } from './template-rules';
import { kindForm } from './templates';

let container = createContainer();
function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient());
  return (
    <ServiceProvider container={container}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ServiceProvider>
  );
}
/** Rendered inside the composition root: the file fields use the shared uploader. */
const render = (ui: ReactElement) => rtlRender(ui, { wrapper: Providers });

const DEPTS: OptionSources = {
  deptlist: [
    {
      label: '院本部',
      id: 100,
      children: [
        { label: '建筑一所', id: 110 },
        { label: '结构所', id: 112 },
      ],
    },
  ],
};

const field = (
  type: TemplateField['type'],
  refname: string,
  label: string,
  extra: Omit<TemplateField, 'type' | 'refname' | 'label'> = {},
): TemplateField => ({ type, refname, label, ...extra });

/** A template with one field of every type of 000 §3. */
const EVERY_TYPE: ValidatableTemplate = {
  templateContent: [
    {
      title: '全部字段',
      fields: [
        field('input', 'name', '名称', { required: true }),
        field('textarea', 'body', '内容'),
        field('textareas', 'items', '事项'),
        field('text', 'userName', '申请人', { value: '李项目' }),
        field('option', 'drawFileType', '文件类型', { optionsource: 'drawFileTypeStore' }),
        field('options', 'sealType', '印章类型', { optionsource: 'sealTypeStore' }),
        field('optionInput', 'source', '业务来源', {
          options: [
            { text: '市场', value: '市场' },
            { text: '其他（请注明）', value: '其他' },
          ],
          keyvalue: '其他',
        }),
        field('cascader', 'deptId', '部门', { optionsource: 'deptlist' }),
        field('timeSelect', 'day', '日期'),
        field('checkbox', 'majors', '专业', {
          options: [
            { text: '建筑', value: 'a' },
            { text: '结构', value: 's' },
          ],
        }),
        field('radioBox', 'urgency', '紧急程度', {
          options: [
            { text: '一般', value: '1' },
            { text: '紧急', value: '2' },
          ],
        }),
        field('upload', 'files', '附件', { limit: 2 }),
        field('bigUpload', 'big', '大文件', { limit: 0 }),
        field('uploadAlways', 'always', '补充文件', { limit: 1 }),
        field('previewpdf', 'letter', '责任书', { value: '/files/a.pdf' }),
        field('previewpdfs', 'letters', '承诺书', { value: '/files/a.pdf,/files/b.pdf' }),
        field('valueOption', 'account', '收款账户', {
          value: '开户银行',
          optionsource: 'BankName',
        }),
      ],
    },
  ],
};

function Harness({
  template = EVERY_TYPE,
  sources = DEPTS,
  files,
  onContent,
  readOnly,
}: {
  template?: ValidatableTemplate;
  sources?: OptionSources;
  files?: FileActions;
  onContent?: (c: TemplateContent) => void;
  readOnly?: boolean;
}) {
  const [content, setContent] = useState<TemplateContent>(() => initialContent(template));
  const errors = fieldErrors(template, content, sources);
  return (
    <TemplateRenderer
      template={template}
      content={content}
      onChange={(c) => {
        setContent(c);
        onContent?.(c);
      }}
      errors={errors}
      sources={sources}
      {...(files ? { files } : {})}
      {...(readOnly ? { readOnly } : {})}
    />
  );
}

const last = (fn: { mock: { lastCall?: [TemplateContent] } }, refname: string) =>
  fn.mock.lastCall?.[0][refname];

const row = (refname: string) => {
  const el = document.querySelector<HTMLElement>(`[data-field="${refname}"]`);
  if (!el) throw new Error(`no field ${refname}`);
  return el;
};

describe('TemplateRenderer', () => {
  describe("files saved before ids existed (fileId '')", () => {
    const ID = '0123456789abcdef0123456789abcdef';
    const UPLOADS: ValidatableTemplate = {
      templateContent: [
        { title: '附件', fields: [field('upload', 'files', '附件', { limit: 3 })] },
      ],
    };
    const content = (): TemplateContent => ({
      files: {
        label: '附件',
        type: 'upload',
        value: [
          { fileId: '', name: '旧合同.pdf', fileName: '旧合同.pdf', filePath: '' },
          {
            fileId: ID,
            name: '新合同.pdf',
            fileName: '新合同.pdf',
            filePath: `/prod-api/common/download/resource?resource=${ID}`,
          },
        ],
      },
    });

    it('read-only: shows 文件已失效，请重新上传 with no preview or download', () => {
      container = createContainer();
      const actions = { preview: vi.fn(), download: vi.fn() };
      render(
        <TemplateRenderer
          template={UPLOADS}
          content={content()}
          readOnly
          sources={{}}
          files={actions}
        />,
      );
      const expired = screen.getByTestId('expired-file');
      expect(expired.textContent).toContain('旧合同.pdf');
      expect(expired.textContent).toContain('文件已失效，请重新上传');
      expect(within(expired).queryByRole('button')).toBeNull();
      // The file with an id keeps its two buttons.
      expect(screen.getAllByRole('button', { name: '下载' })).toHaveLength(1);
      fireEvent.click(screen.getByRole('button', { name: '下载' }));
      expect(actions.download).toHaveBeenCalledWith(expect.objectContaining({ fileId: ID }));
    });

    it('editing: listed as expired beside the uploader, and left out of what a save sends', () => {
      container = createContainer();
      render(
        <TemplateRenderer
          template={UPLOADS}
          content={content()}
          onChange={() => undefined}
          sources={{}}
        />,
      );
      expect(screen.getByTestId('expired-file').textContent).toContain('文件已失效，请重新上传');
      const sent = withoutExpiredFiles(content());
      expect(sent['files']?.value).toEqual([expect.objectContaining({ fileId: ID })]);
      // A form with nothing expired is sent as it is.
      const fresh = { files: { label: '附件', type: 'upload' as const, value: [{ fileId: ID }] } };
      expect(withoutExpiredFiles(fresh)).toBe(fresh);
    });

    it('a file with no id but a download address is not expired', () => {
      expect(isExpiredFile({ fileId: '', filePath: `/common/download?fileName=${ID}` })).toBe(
        false,
      );
      expect(isExpiredFile({ fileId: '', fileName: 'a.pdf' })).toBe(true);
      expect(isExpiredFile({ fileName: 'a.pdf', filePath: '/prod-api/system/user/1' })).toBe(true);
    });
  });

  it('renders a control for every field type of the template model', () => {
    render(<Harness />);
    const types = [...document.querySelectorAll('[data-type]')].map((e) =>
      e.getAttribute('data-type'),
    );
    expect(new Set(types)).toEqual(new Set(TEMPLATE_FIELD_TYPES));
  });

  it('limits inputs to 50, textareas to 1000, a template default of 150 and a field’s own', () => {
    const compact: ValidatableTemplate = {
      defaultMaxLength: 150,
      templateContent: [
        {
          fields: [
            field('input', 'a', '甲'),
            field('textarea', 'b', '乙'),
            field('input', 'c', '丙', { maxlength: 7 }),
          ],
        },
      ],
    };
    const { unmount } = render(<Harness />);
    expect(screen.getByLabelText<HTMLInputElement>('名称').maxLength).toBe(50);
    expect(screen.getByLabelText<HTMLTextAreaElement>('内容').maxLength).toBe(1000);
    unmount();
    render(<Harness template={compact} />);
    expect(screen.getByLabelText<HTMLInputElement>('甲').maxLength).toBe(150);
    expect(screen.getByLabelText<HTMLTextAreaElement>('乙').maxLength).toBe(150);
    expect(screen.getByLabelText<HTMLInputElement>('丙').maxLength).toBe(7);
  });

  it('shows core’s messages: a required field, an amount format, a bad date', () => {
    const t: ValidatableTemplate = {
      templateContent: [
        {
          fields: [
            field('input', 'name', '名称', { required: true }),
            field('input', 'amount', '金额', { format: 'amount' }),
          ],
        },
      ],
    };
    render(<Harness template={t} />);
    expect(within(row('name')).getByRole('alert').textContent).toContain('名称');
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '合同' } });
    expect(within(row('name')).queryByRole('alert')).toBeNull();
    fireEvent.change(screen.getByLabelText('金额'), { target: { value: '12.3.4' } });
    expect(within(row('amount')).getByRole('alert').textContent).toContain('金额');
    fireEvent.change(screen.getByLabelText('金额'), { target: { value: '12.345678' } });
    expect(within(row('amount')).queryByRole('alert')).toBeNull();
  });

  it('fills options from the run-time source, else from core’s defaults', () => {
    const { unmount } = render(<Harness />);
    // sealTypeStore is not loaded here: core's defaults (公章 …) are offered.
    expect(within(row('sealType')).getByLabelText('公章')).toBeTruthy();
    unmount();
    render(<Harness sources={{ ...DEPTS, sealTypeStore: [{ text: '院章', value: '9' }] }} />);
    expect(within(row('sealType')).getByLabelText('院章')).toBeTruthy();
    expect(within(row('sealType')).queryByLabelText('公章')).toBeNull();
    expect(SEAL_TYPE_OPTIONS.length).toBeGreaterThan(1);
  });

  it('multi-select keeps the chosen values as a list in option order', () => {
    const onContent = vi.fn<(c: TemplateContent) => void>();
    render(<Harness onContent={onContent} />);
    fireEvent.click(within(row('sealType')).getByLabelText('技术章'));
    fireEvent.click(within(row('sealType')).getByLabelText('公章'));
    expect(last(onContent, 'sealType')?.value).toEqual(['1', '5']);
  });

  it('optionInput turns into a text area when the choice contains the key value', () => {
    const onContent = vi.fn<(c: TemplateContent) => void>();
    render(<Harness onContent={onContent} />);
    const select = within(row('source')).getByRole('combobox');
    fireEvent.change(select, { target: { value: '市场' } });
    expect(within(row('source')).queryByRole('textbox')).toBeNull();
    fireEvent.change(select, { target: { value: '其他' } });
    const area = within(row('source')).getByRole('textbox');
    fireEvent.change(area, { target: { value: '政府委托' } });
    expect(last(onContent, 'source')).toMatchObject({
      selectValue: '其他',
      value: '政府委托',
    });
    fireEvent.click(within(row('source')).getByRole('button', { name: '重新选择' }));
    expect(within(row('source')).getByRole('combobox')).toBeTruthy();
  });

  it('cascader stores the last id of the chosen path', () => {
    const onContent = vi.fn<(c: TemplateContent) => void>();
    render(<Harness onContent={onContent} />);
    fireEvent.change(screen.getByLabelText('部门'), { target: { value: '100' } });
    expect(last(onContent, 'deptId')?.value).toBe('100');
    fireEvent.change(screen.getByLabelText('部门第2级'), { target: { value: '112' } });
    expect(last(onContent, 'deptId')?.value).toBe('112');
  });

  it('checkbox chooses several in a dialog', () => {
    const onContent = vi.fn<(c: TemplateContent) => void>();
    render(<Harness onContent={onContent} />);
    fireEvent.click(within(row('majors')).getByRole('button', { name: '选择' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '结构' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '建筑' }));
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(last(onContent, 'majors')?.value).toEqual(['a', 's']);
    expect(screen.getByTestId('majors-chosen').textContent).toBe('建筑、结构');
  });

  it('radioBox chooses one in a dialog', () => {
    const onContent = vi.fn<(c: TemplateContent) => void>();
    render(<Harness onContent={onContent} />);
    fireEvent.click(within(row('urgency')).getByRole('button', { name: '选择' }));
    fireEvent.click(screen.getByRole('radio', { name: '紧急' }));
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(last(onContent, 'urgency')?.value).toBe('2');
  });

  it('textareas adds and removes texts; valueOption keeps its text and the chosen option', () => {
    const onContent = vi.fn<(c: TemplateContent) => void>();
    render(
      <Harness
        onContent={onContent}
        sources={{ ...DEPTS, BankName: [{ text: '工行', value: '工行' }] }}
      />,
    );
    fireEvent.click(within(row('items')).getByRole('button', { name: '添加一条' }));
    fireEvent.change(screen.getByLabelText('事项2'), { target: { value: '第二条' } });
    expect(last(onContent, 'items')?.value).toEqual(['', '第二条']);
    fireEvent.change(within(row('account')).getByRole('combobox'), { target: { value: '工行' } });
    expect(last(onContent, 'account')).toMatchObject({
      value: '开户银行',
      selectValue: '工行',
    });
  });

  it('upload fields use the shared uploader and keep the stored files with their ids', async () => {
    const onContent = vi.fn<(c: TemplateContent) => void>();
    container = createContainer();
    let n = 0;
    container.rebind(TOKENS.FileGateway).toConstantValue({
      uploadFile: (_f: Blob, name: string) =>
        Promise.resolve({
          fileId: `f${++n}`,
          fileName: `f${n}`,
          originalFilename: name,
          url: `/prod-api/common/download/resource?resource=f${n}`,
          size: 1,
          fileType: 'pdf',
        }),
    } as unknown as FileGateway);
    render(<Harness onContent={onContent} />);
    fireEvent.change(screen.getByTestId('upload-always-input'), {
      target: { files: [new File(['x'], 'a.pdf')] },
    });
    await waitFor(() => expect(last(onContent, 'always')?.value).toHaveLength(1));
    fireEvent.change(screen.getByTestId('upload-always-input'), {
      target: { files: [new File(['y'], 'b.pdf')] },
    });
    // limit 1: the new file replaces the old one.
    await waitFor(() =>
      expect(last(onContent, 'always')?.value).toEqual([
        expect.objectContaining({ fileName: 'b.pdf', fileId: 'f2' }),
      ]),
    );
    const errs = fieldErrors(
      EVERY_TYPE,
      { ...initialContent(EVERY_TYPE), ...onContent.mock.lastCall?.[0] },
      DEPTS,
    );
    expect(errs['always']).toBeUndefined();
  });

  it('read-only shows labels of the chosen options, not the codes', () => {
    const t: ValidatableTemplate = {
      templateContent: [
        { fields: [field('options', 'sealType', '印章类型', { optionsource: 'sealTypeStore' })] },
      ],
    };
    render(
      <TemplateRenderer
        template={t}
        content={{ sealType: { label: '印章类型', type: 'options', value: ['1', '5'] } }}
        readOnly
        sources={{}}
      />,
    );
    expect(row('sealType').textContent).toContain('公章、技术章');
  });

  it('renders the form of every template kind with its field set', () => {
    for (const kind of ['Contract', 'Seal', 'Invoice', 'ArchivesApproval', 'Common'] as const) {
      const form = kindForm(kind);
      const { unmount } = render(<Harness template={{ templateContent: form.sections }} />);
      for (const f of form.sections.flatMap((s) => s.fields)) expect(row(f.refname)).toBeTruthy();
      unmount();
    }
  });
});

describe('fieldErrors', () => {
  it('is keyed by refname and agrees with the length rule at every length around the limit', () => {
    const t: ValidatableTemplate = { templateContent: [{ fields: [field('input', 'n', '名称')] }] };
    for (let len = 45; len <= 55; len++) {
      const errs = fieldErrors(
        t,
        { n: { label: '名称', type: 'input', value: '字'.repeat(len) } },
        {},
      );
      expect(errs['n'] !== undefined).toBe(len > 50);
    }
  });

  it('refuses a cascader id outside the tree and an option outside the source', () => {
    const errs = fieldErrors(
      EVERY_TYPE,
      {
        deptId: { label: '', type: 'cascader', value: '999' },
        drawFileType: { label: '', type: 'option', value: '42' },
        day: { label: '', type: 'timeSelect', value: '2024-02-30' },
      },
      DEPTS,
    );
    expect(Object.keys(errs).sort()).toEqual(['day', 'deptId', 'drawFileType', 'name'].sort());
  });
});
