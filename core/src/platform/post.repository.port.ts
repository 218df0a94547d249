import type { DomainError, Result } from '../shared/result.js';
import type { ListPage, ListQuery } from './list-query.js';
import type { NewPost, PostFilter, PostPatch, PostSortColumn, SysPost } from './post.js';

export interface PostRepository {
  list(query: ListQuery<PostFilter, PostSortColumn>): Promise<ListPage<SysPost>>;
  findById(postId: number): Promise<SysPost | null>;
  create(post: NewPost): Promise<Result<SysPost, DomainError>>;
  update(postId: number, patch: PostPatch): Promise<Result<SysPost, DomainError>>;
  /**
   * Deletes the posts, all or none: refuses (`PLATFORM.NOT_FOUND`, or `PLATFORM.POST_IN_USE`
   * naming the first one a user still holds) before deleting any.
   */
  delete(postIds: readonly number[]): Promise<Result<void, DomainError>>;
}
