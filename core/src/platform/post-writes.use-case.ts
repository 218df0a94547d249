import { err, ok, type DomainError, type Result } from '../shared/result.js';
import { PlatformErrors } from './platform-errors.js';
import type { NewPost, PostPatch, SysPost } from './post.js';
import type { PostRepository } from './post.repository.port.js';

/**
 * 岗位管理's writes: each checks core's post rules against the stored posts, then writes. A unique
 * 岗位编码/岗位名称 is kept by the database's constraints (the repository answers
 * `PLATFORM.DUPLICATE`), which hold under concurrent requests where a look-up before would not.
 */
export class PostWrites {
  constructor(private readonly posts: PostRepository) {}

  create(post: NewPost): Promise<Result<SysPost, DomainError>> {
    return this.posts.create(post);
  }

  async update(postId: number, patch: PostPatch): Promise<Result<SysPost, DomainError>> {
    if (!(await this.posts.findById(postId))) return err(PlatformErrors.notFound('岗位'));
    return this.posts.update(postId, patch);
  }

  /**
   * Deletes the posts, all or none (RuoYi's SysPostServiceImpl.deletePostByIds): a post that is not
   * stored, then a post a user still holds (the first one as the request named them), refuses the
   * whole request before any is deleted. Each post once: `5,5` deletes 5.
   */
  async remove(postIds: readonly number[]): Promise<Result<void, DomainError>> {
    const ids = [...new Set(postIds)];
    if (ids.length === 0) return ok(undefined);
    const found = await Promise.all(ids.map((id) => this.posts.findById(id)));
    if (found.some((p) => p === null)) return err(PlatformErrors.notFound('岗位'));
    const held = new Set(await this.posts.heldPostIds(ids));
    const firstHeld = found.find((p) => p !== null && held.has(p.postId));
    if (firstHeld) return err(PlatformErrors.postInUse(firstHeld.postName));
    return this.posts.delete(ids);
  }
}
