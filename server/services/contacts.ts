/** Frequent visitors (docs/product.md §2 personalCenter/topContacts, editAudienceInformation): each
 * account keeps its own, a team's and a visitor's apart; every rule of
 * src/domain/contacts.ts is checked again here, and the list shows certificates masked. */
import type { z } from 'zod';
import type { Account } from '../auth.ts';
import type { AppDeps } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { fail } from '../http.ts';
import { maskCertificate, maskPhone, normalizeCertificate } from '../../src/domain/certificates.ts';
import { checkContact, CONTACT_MESSAGES, CONTACTS_MAX } from '../../src/domain/contacts.ts';
import type { contactBody } from '../../src/domain/contracts.ts';
import type { CertificateType, Contact } from '../../src/domain/types.ts';
import { museumDate } from '../time.ts';

type ContactInput = z.output<typeof contactBody>;

/** The owner column: a team's contacts or a visitor's. Staff have none (their routes refuse them). */
const ownerOf = (account: Account) => ({ column: account.kind === 'team' ? 'team_id' : 'user_id', id: account.userId }) as const;

interface ContactRow {
  id: number;
  name: string;
  certificate_type: CertificateType;
  certificate_number: string;
  phone: string | null;
  face_url: string | null;
}

/** The url of the face photo this account bound to the contact's certificate (faces.ts), if any. */
const FACE_URL = `(SELECT f.url FROM faces f WHERE f.user_id = contacts.user_id AND f.certificate_type = contacts.certificate_type
  AND f.certificate_number = contacts.certificate_number) AS face_url`;

const toContact = (r: ContactRow, masked: boolean): Contact => ({
  contactId: r.id,
  name: r.name,
  certificateType: r.certificate_type,
  certificateNumber: masked ? maskCertificate(r.certificate_number) : r.certificate_number,
  phone: r.phone && masked ? maskPhone(r.phone) : r.phone,
  faceUrl: r.face_url,
});

/** topContacts: the account's frequent visitors, oldest first, masked. */
export async function listContacts(deps: AppDeps, account: Account): Promise<Contact[]> {
  const owner = ownerOf(account);
  const rows = await deps.db.query<ContactRow>(`SELECT *, ${FACE_URL} FROM contacts WHERE ${owner.column} = $1 ORDER BY id`, [owner.id]);
  return rows.map((r) => toContact(r, true));
}

/** One of them in full, for its edit form; another account's is "does not exist". */
export async function getContact(deps: AppDeps, account: Account, contactId: number): Promise<Contact> {
  const owner = ownerOf(account);
  const [row] = await deps.db.query<ContactRow>(`SELECT *, ${FACE_URL} FROM contacts WHERE id = $1 AND ${owner.column} = $2`, [contactId, owner.id]);
  if (!row) throw fail(CONTACT_MESSAGES.notFound);
  return toContact(row, false);
}

/** Adds one (contactId null) or changes one; the same certificate twice and more than the
 * maximum are refused. One account's changes queue behind each other. */
export async function saveContact(deps: AppDeps, account: Account, contactId: number | null, input: ContactInput): Promise<Contact> {
  const form = { ...input, name: input.name.trim(), certificateNumber: normalizeCertificate(input.certificateNumber), phone: input.phone.trim() };
  const refused = checkContact(form, museumDate(deps.clock()));
  if (refused) throw fail(refused);
  const owner = ownerOf(account);
  const row = await deps.db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`contacts:${owner.column}:${owner.id}`]);
    await refuseDuplicate(q, owner, contactId, form);
    const values = [form.name, form.certificateType, form.certificateNumber, form.phone || null];
    if (contactId === null) {
      const [{ n }] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM contacts WHERE ${owner.column} = $1`, [owner.id]);
      if (n >= CONTACTS_MAX) throw fail(CONTACT_MESSAGES.tooMany);
      const [added] = await q.query<ContactRow>(
        `INSERT INTO contacts (${owner.column}, name, certificate_type, certificate_number, phone, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *, ${FACE_URL}`,
        [owner.id, ...values, deps.clock()],
      );
      return added;
    }
    const [changed] = await q.query<ContactRow>(
      `UPDATE contacts SET name = $3, certificate_type = $4, certificate_number = $5, phone = $6 WHERE id = $1 AND ${owner.column} = $2 RETURNING *, ${FACE_URL}`,
      [contactId, owner.id, ...values],
    );
    if (!changed) throw fail(CONTACT_MESSAGES.notFound);
    return changed;
  });
  return toContact(row, true);
}

async function refuseDuplicate(q: Queryable, owner: ReturnType<typeof ownerOf>, contactId: number | null, form: ContactInput): Promise<void> {
  const [same] = await q.query(
    `SELECT 1 FROM contacts WHERE ${owner.column} = $1 AND certificate_type = $2 AND certificate_number = $3 AND id IS DISTINCT FROM $4`,
    [owner.id, form.certificateType, form.certificateNumber, contactId],
  );
  if (same) throw fail(CONTACT_MESSAGES.duplicate);
}

export async function deleteContact(deps: AppDeps, account: Account, contactId: number): Promise<null> {
  const owner = ownerOf(account);
  const gone = await deps.db.query(`DELETE FROM contacts WHERE id = $1 AND ${owner.column} = $2 RETURNING id`, [contactId, owner.id]);
  if (gone.length === 0) throw fail(CONTACT_MESSAGES.notFound);
  return null;
}
