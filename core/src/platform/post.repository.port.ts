import type { DomainError, Result } from '../shared/result.js';
import type { ListPage, ListQuery } from './list-query.js';
import type { NewPost, PostFilter, PostPatch, PostSortColumn, SysPost } from './post.js';

export interface PostRepository {
  list(query: ListQuery<PostFilter, PostSortColumn>): Promise<ListPage<SysPost>>;
  findById(postId: number): Promise<SysPost | null>;
  create(post: NewPost): Promise<Result<SysPost, DomainError>>;
  update(postId: number, patch: PostPatch): Promise<Result<SysPost, DomainError>>;
  /** Refuses (`PLATFORM.POST_IN_USE`) while a user holds the post. */
  delete(postId: number): Promise<Result<void, DomainError>>;
}
