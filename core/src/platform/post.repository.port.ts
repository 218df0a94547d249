import type { DomainError, Result } from '../shared/result.js';
import type { ListPage, ListQuery } from './list-query.js';
import type { NewPost, PostFilter, PostPatch, PostSortColumn, SysPost } from './post.js';

export interface PostRepository {
  list(query: ListQuery<PostFilter, PostSortColumn>): Promise<ListPage<SysPost>>;
  findById(postId: number): Promise<SysPost | null>;
  create(post: NewPost): Promise<Result<SysPost, DomainError>>;
  update(postId: number, patch: PostPatch): Promise<Result<SysPost, DomainError>>;
  /** Those of `postIds` a user (not deleted) still holds. */
  heldPostIds(postIds: readonly number[]): Promise<readonly number[]>;
  /**
   * Deletes the posts and their links to deleted users, all at once. The rules are PostWrites';
   * a post a user came to hold meanwhile is kept by the database (`PLATFORM.POST_IN_USE`).
   */
  delete(postIds: readonly number[]): Promise<Result<void, DomainError>>;
}
