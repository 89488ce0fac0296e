/** The demo's accounts beside the demo visitor: a staff login for the review console and an
 * approved school. Seeded in demo mode only: production has no known password. */
import type { Db } from '../db/db.ts';
import { hashPassword } from '../services/passwords.ts';
import type { Clock } from '../time.ts';
import { addDays, museumDate } from '../time.ts';

export const DEMO_STAFF = { username: 'staff', password: 'Museum2026' } as const;
/** A gate attendant: the gate's check-in only. */
export const DEMO_GATE = { username: 'gate', password: 'Museum2026' } as const;
/** A finance clerk: window payments, the day's figures, invoices. */
export const DEMO_FINANCE = { username: 'finance', password: 'Museum2026' } as const;
/** Credit codes with valid GB 32100 check characters. */
export const DEMO_SCHOOL = { creditCode: '91110000MA0000001L', password: 'School2026', name: '科技实验小学' } as const;
/** A travel agency whose agreement expires in 5 days: it sees the status pop-ups. */
export const DEMO_AGENCY = { creditCode: '91350100M00010001T', password: 'Agency2026', name: '星光旅行社' } as const;

export async function seedDemoAccounts(db: Db, clock: Clock): Promise<void> {
  // Hashing is deliberately slow: a restart over seeded accounts skips it.
  const [{ seeded }] = await db.query<{ seeded: boolean }>(
    `SELECT (SELECT count(*) FROM staff_users WHERE username IN ($1, $4, $5)) + (SELECT count(*) FROM teams WHERE credit_code IN ($2, $3)) = 5 AS seeded`,
    [DEMO_STAFF.username, DEMO_SCHOOL.creditCode, DEMO_AGENCY.creditCode, DEMO_GATE.username, DEMO_FINANCE.username],
  );
  if (seeded) return;
  const now = clock();
  // The five hashes at once: argon2 runs off the main thread, one per core.
  const [staffHash, gateHash, financeHash, schoolHash, agencyHash] = await Promise.all(
    [DEMO_STAFF, DEMO_GATE, DEMO_FINANCE, DEMO_SCHOOL, DEMO_AGENCY].map((a) => hashPassword(a.password)),
  );
  for (const [staff, role, hash] of [
    [DEMO_STAFF, 'admin', staffHash],
    [DEMO_GATE, 'gate', gateHash],
    [DEMO_FINANCE, 'finance', financeHash],
  ] as const) {
    await db.query('INSERT INTO staff_users (username, password_hash, role, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (username) DO NOTHING', [
      staff.username,
      hash,
      role,
      now,
    ]);
  }
  await db.query(
    `INSERT INTO teams (team_name, team_type, credit_code, contact_name, contact_phone, address, password_hash, review_state, reviewed_at, credit_expires_on, created_at)
     VALUES ($1, 2, $2, '王老师', '13900139000', '科技路1号', $3, 'approved', $4, $5, $4) ON CONFLICT (credit_code) DO NOTHING`,
    [DEMO_SCHOOL.name, DEMO_SCHOOL.creditCode, schoolHash, now, addDays(museumDate(now), 365)],
  );
  await db.query(
    `INSERT INTO teams (team_name, team_type, credit_code, contact_name, contact_phone, address, password_hash, review_state, reviewed_at,
                        credit_expires_on, protocol_expires_on, created_at)
     VALUES ($1, 4, $2, '赵经理', '13900139001', '科技路8号', $3, 'approved', $4, $5, $6, $4) ON CONFLICT (credit_code) DO NOTHING`,
    [DEMO_AGENCY.name, DEMO_AGENCY.creditCode, agencyHash, now, addDays(museumDate(now), 365), addDays(museumDate(now), 5)],
  );
}
