import type { DomainError, Result } from '../shared/result.js';
import type { ListPage, ListQuery } from './list-query.js';
import type {
  ConfigFilter,
  ConfigPatch,
  ConfigSortColumn,
  NewConfig,
  SysConfig,
} from './config.js';

export interface ConfigRepository {
  list(query: ListQuery<ConfigFilter, ConfigSortColumn>): Promise<ListPage<SysConfig>>;
  findById(configId: number): Promise<SysConfig | null>;
  /** The value of a key, or null when the key does not exist (`/system/config/configKey/{key}`). */
  valueOf(configKey: string): Promise<string | null>;
  create(config: NewConfig): Promise<Result<SysConfig, DomainError>>;
  update(configId: number, patch: ConfigPatch): Promise<Result<SysConfig, DomainError>>;
  /** Deletes the configs and answers how many there were; the rules are ConfigWrites'. */
  delete(configIds: readonly number[]): Promise<Result<number, DomainError>>;
}
