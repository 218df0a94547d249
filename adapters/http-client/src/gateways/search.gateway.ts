import { searchAnswer, type SearchGroupWire } from '@dpms/wire';
import type { HttpClient } from '../client.js';
import { answerOf } from './answer.js';

export type SearchGroup = SearchGroupWire;

/** 全局搜索: the top bar's search box. */
export class SearchGateway {
  constructor(private readonly http: HttpClient) {}

  /** GET /search: the groups the caller may see, in display order, `limit` hits each. */
  async search(keyword: string, limit?: number): Promise<SearchGroup[]> {
    const path = '/search';
    const res = await this.http.get(path, {
      params: limit === undefined ? { keyword } : { keyword, limit },
    });
    return answerOf(searchAnswer, res, path).data;
  }
}
