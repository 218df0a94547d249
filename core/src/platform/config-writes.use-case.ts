import { err, ok, type DomainError, type Result } from '../shared/result.js';
import { configValueError, type ConfigPatch, type NewConfig, type SysConfig } from './config.js';
import type { ConfigRepository } from './config.repository.port.js';
import { PlatformErrors } from './platform-errors.js';

/**
 * 参数设置's writes: each checks core's config rules against the stored configs, then writes. A
 * unique 参数键名 is kept by the database's constraint (the repository answers
 * `PLATFORM.DUPLICATE`).
 */
export class ConfigWrites {
  constructor(private readonly configs: ConfigRepository) {}

  create(config: NewConfig): Promise<Result<SysConfig, DomainError>> {
    const refused = configValueError(config.configKey, config.configValue);
    return refused ? Promise.resolve(err(refused)) : this.configs.create(config);
  }

  /** A new value is checked against the key it will be stored under (sent, else stored). */
  async update(configId: number, patch: ConfigPatch): Promise<Result<SysConfig, DomainError>> {
    const stored = await this.configs.findById(configId);
    if (patch.configValue !== undefined) {
      const key = patch.configKey ?? stored?.configKey;
      const refused = key === undefined ? null : configValueError(key, patch.configValue);
      if (refused) return err(refused);
    }
    if (!stored) return err(PlatformErrors.notFound('参数'));
    return this.configs.update(configId, patch);
  }

  /**
   * Deletes the configs and answers how many were stored; a built-in ('Y') config among them
   * refuses the whole request before any is deleted.
   */
  async remove(configIds: readonly number[]): Promise<Result<number, DomainError>> {
    if (configIds.length === 0) return ok(0);
    const found = await Promise.all([...new Set(configIds)].map((id) => this.configs.findById(id)));
    if (found.some((c) => c?.configType === 'Y')) return err(PlatformErrors.builtinConfig());
    return this.configs.delete(configIds);
  }
}
