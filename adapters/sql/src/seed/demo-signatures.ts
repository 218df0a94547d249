import type { Transaction } from 'kysely';
import type { Database } from '../database/schema.js';
import { SqlSignatureImageRepository } from '../repositories/sql-approval-directory.js';
import { DEMO_USERS } from './demo-institute.js';
import { DEMO_SIGNATURE_PNGS } from './demo-signatures.generated.js';

/**
 * Every demo user signs with a handwritten-looking image of their nick name, stored as an upload
 * from 个人中心 would be (a new `approval_signature` row, the user's `signature_file_id` pointing
 * at it), so the approvals seeded after it carry their signers' images in the action log. The
 * images come from demo-signatures.generate.mjs; a user without one stays without.
 */
export async function seedDemoSignatures(trx: Transaction<Database>): Promise<void> {
  const signatures = new SqlSignatureImageRepository(trx);
  for (const user of DEMO_USERS) {
    const png = DEMO_SIGNATURE_PNGS[user.userName];
    if (png === undefined) continue;
    await signatures.save(String(user.userId), 'image/png', Buffer.from(png, 'base64'));
  }
}
