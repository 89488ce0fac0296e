/** Creates a staff account for the review console, or sets a new password for an existing one.
 *
 *   STAFF_PASSWORD='...' [STAFF_ROLE=admin|reviewer|gate|finance] npm run staff:create -- <username>
 *
 * The role (default admin) says what the account may do (src/domain/staffRoles.ts). A new
 * password ends every session of the account (its token version moves on).
 * It opens the database the server's configuration names (DATABASE_URL, or the PGlite folder
 * DATA_DIR: stop the server first, a PGlite folder has one owner). The password comes from the
 * environment, never the command line (shell history), and is stored as an argon2id hash. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from '../server/config.ts';
import { migrate } from '../server/db/db.ts';
import { openConfiguredDb } from '../server/db/open.ts';
import { hashPassword } from '../server/services/passwords.ts';
import { STAFF_ROLES, type StaffRole } from '../src/domain/staffRoles.ts';

const STAFF_PASSWORD_MIN = 10;

async function main() {
  const username = process.argv[2]?.trim();
  const password = process.env.STAFF_PASSWORD ?? '';
  if (!username || !/^[A-Za-z0-9._-]{3,60}$/.test(username)) {
    throw new Error('usage: STAFF_PASSWORD=... npm run staff:create -- <username> (3-60 letters, digits, . _ -)');
  }
  if (password.length < STAFF_PASSWORD_MIN || !/\d/.test(password) || !/[A-Za-z]/.test(password)) {
    throw new Error(`STAFF_PASSWORD must be at least ${STAFF_PASSWORD_MIN} characters with letters and digits`);
  }
  const role = (process.env.STAFF_ROLE ?? 'admin') as StaffRole;
  if (!STAFF_ROLES.includes(role)) throw new Error(`STAFF_ROLE must be one of ${STAFF_ROLES.join(', ')}`);
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { db, where, unlock } = await openConfiguredDb(readConfig(process.env, root));
  try {
    await migrate(db);
    const [row] = await db.query<{ created: boolean }>(
      `INSERT INTO staff_users (username, password_hash, role, created_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (username) DO UPDATE SET password_hash = EXCLUDED.password_hash, role = EXCLUDED.role,
         token_version = staff_users.token_version + 1
       RETURNING (xmax = 0) AS created`,
      [username, await hashPassword(password), role],
    );
    console.log(`${row.created ? 'created' : 'password and role set for'} staff account "${username}" (${role}) in ${where}`);
  } finally {
    await db.close();
    unlock();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
