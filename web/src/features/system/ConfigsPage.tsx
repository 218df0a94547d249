import { configCreateBody, configUpdateBody } from '@dpms/wire';
import { INSTITUTE_TIME_ZONE_CONFIG_KEY, CONFIG_SORT_COLUMNS } from '@dpms/core';
import type { SysConfig } from '@dpms/http-client';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { CrudPage } from '../../components/crud/CrudPage';
import { TimeZoneSelect } from '../../components/time/TimeZoneSelect';

/** 参数设置. */
export function ConfigsPage() {
  const gateway = useService(TOKENS.ConfigGateway);
  return (
    <CrudPage<SysConfig, { configName: string; configKey: string }>
      title="参数设置"
      noun="参数"
      queryKey="configs"
      sortColumns={CONFIG_SORT_COLUMNS}
      gateway={gateway}
      filter={{ configName: '', configKey: '' }}
      search={[
        { key: 'configName', label: '参数名称' },
        { key: 'configKey', label: '参数键名' },
      ]}
      rowKey="configId"
      columns={[
        { key: 'configId', title: '参数主键', width: 90 },
        { key: 'configName', title: '参数名称' },
        { key: 'configKey', title: '参数键名' },
        { key: 'configValue', title: '参数键值' },
        {
          key: 'configType',
          title: '系统内置',
          render: (c) => (c.configType === 'Y' ? '是' : '否'),
        },
        { key: 'remark', title: '备注' },
      ]}
      permissions={{
        add: 'system:config:add',
        edit: 'system:config:edit',
        remove: 'system:config:remove',
      }}
      form={{
        idKey: 'configId',
        schemas: { add: configCreateBody, edit: configUpdateBody },
        defaults: { configType: 'N' },
        toForm: (c) => ({
          configName: c.configName,
          configKey: c.configKey,
          configValue: c.configValue,
          configType: c.configType ?? 'N',
          remark: c.remark ?? '',
        }),
        fields: [
          { key: 'configName', label: '参数名称', required: true, maxLength: 100 },
          { key: 'configKey', label: '参数键名', required: true, maxLength: 100 },
          {
            key: 'configValue',
            label: '参数键值',
            required: true,
            type: 'textarea',
            maxLength: 500,
            // The institute's zone is picked from the zones that exist, never typed.
            render: (value, set, values) =>
              values.configKey?.trim() === INSTITUTE_TIME_ZONE_CONFIG_KEY ? (
                <TimeZoneSelect value={value} onChange={set} aria-label="参数键值" />
              ) : undefined,
          },
          {
            key: 'configType',
            label: '系统内置',
            type: 'radio',
            options: [
              { value: 'Y', label: '是' },
              { value: 'N', label: '否' },
            ],
          },
          { key: 'remark', label: '备注', type: 'textarea', maxLength: 500 },
        ],
      }}
      remove={{ what: (c) => `参数编号为"${c.configId}"的数据项` }}
    />
  );
}
