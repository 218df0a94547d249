import type { FormFieldDef } from '../../components/widgets/FormDialog';

/** sys_normal_disable: 0 正常, 1 停用. */
export const STATUS_OPTIONS = [
  { value: '0', label: '正常' },
  { value: '1', label: '停用' },
];

export const STATUS_FIELD: FormFieldDef = {
  key: 'status',
  label: '状态',
  type: 'radio',
  options: STATUS_OPTIONS,
};

export const REMARK_FIELD: FormFieldDef = {
  key: 'remark',
  label: '备注',
  type: 'textarea',
  maxLength: 500,
};
