/** Face photos (docs/product.md §5 uploads, §7 face: checkFace, bundling, deleteFace) and certificate
 * recognition (/ingore/ocr/baidu). A face photo is personal data: checked here for the account
 * that asks, bound to one certificate, read by nobody (no route serves its bytes), deleted by
 * its owner or with the account (accountCancel.ts). The client's checks (src/domain/uploads.ts)
 * are run again from the bytes: the picture must decode, whatever its name says. */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { checkCertificate, normalizeCertificate } from '../../src/domain/certificates.ts';
import type { bundlingBody } from '../../src/domain/contracts.ts';
import { FACE_MESSAGES, faceVerdict, OCR_MESSAGES, teacherNameRefusal, type CertificateRead } from '../../src/domain/faces.ts';
import type { FaceBound, FaceChecked } from '../../src/domain/types.ts';
import { checkFaceSize, UPLOAD_MESSAGES } from '../../src/domain/uploads.ts';
import type { Text } from '../../src/domain/text.ts';
import type { AppDeps } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { fail } from '../http.ts';
import { imageHeader, outsideImage } from '../images.ts';
import { museumDate } from '../time.ts';
import { VendorError } from '../providers/baidu.ts';
import { WorkBusyError } from '../workers/busy.ts';
import { getConfig } from './settings.ts';
import { UPLOAD_TEXTS } from './uploads.ts';

/** What a provider is sent: the picture decoded whole, upright, at most this wide or high, as
 * JPEG (the vendor takes at most 2 MB of base64, and a portrait needs no more). */
const SENT_PX = 1280;

async function requireSwitch(q: Queryable, key: 'face_enable' | 'ocr_enable', off: Text): Promise<void> {
  if ((await getConfig(q))[key] !== '1') throw fail(off);
}

async function uploadBytes(q: Queryable, uploadId: string): Promise<Buffer> {
  const [row] = await q.query<{ bytes: Buffer }>('SELECT bytes FROM uploads WHERE token = $1', [uploadId]);
  if (!row) throw fail(UPLOAD_TEXTS.notFound);
  return Buffer.from(row.bytes);
}

/** Decodes every pixel (a truncated or forged file fails here), within the pixel limit (an upload
 * stored before it existed is refused by its header), and checks the face size. */
async function decoded(bytes: Buffer, face: boolean): Promise<Buffer> {
  const image = outsideImage(bytes, { failOn: 'error' }).rotate();
  const meta = await imageHeader(bytes);
  if (!meta || (meta.format !== 'jpeg' && meta.format !== 'png')) throw fail(UPLOAD_MESSAGES.format);
  // EXIF orientations 5-8 are sideways: the upright picture swaps width and height.
  const sideways = (meta.orientation ?? 1) >= 5;
  const [width, height] = sideways ? [meta.height ?? 0, meta.width ?? 0] : [meta.width ?? 0, meta.height ?? 0];
  if (face) {
    const small = checkFaceSize(width, height);
    if (small) throw fail(small);
  }
  return image
    .resize(SENT_PX, SENT_PX, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toBuffer()
    .catch(() => {
      throw fail(UPLOAD_MESSAGES.format);
    });
}

/** checkFace: the upload is one frontal face of at least 200x200 px; marked checked for this account. */
export async function checkFace(deps: AppDeps, userId: number, uploadId: string): Promise<FaceChecked> {
  await requireSwitch(deps.db, 'face_enable', FACE_MESSAGES.disabled);
  const picture = await decoded(await uploadBytes(deps.db, uploadId), true);
  const seen = await deps.providers.face.detect(picture).catch((error: unknown) => {
    if (error instanceof VendorError) throw fail(FACE_MESSAGES.unavailable);
    throw error;
  });
  const refused = faceVerdict(seen);
  if (refused) throw fail(refused);
  const { width = 0, height = 0 } = await outsideImage(picture).metadata();
  await deps.db.query('UPDATE uploads SET face_checked_by = $2 WHERE token = $1', [uploadId, userId]);
  return { url: uploadId, width, height };
}

/** bundling: binds a checked picture to a visitor's certificate. This account's earlier
 * portrait of the certificate is replaced; another account's is refused (unbound in person). */
export async function bindFace(deps: AppDeps, userId: number, input: z.output<typeof bundlingBody>): Promise<FaceBound> {
  await requireSwitch(deps.db, 'face_enable', FACE_MESSAGES.disabled);
  const number = normalizeCertificate(input.certificateNumber);
  const certificate = checkCertificate(input.certificateType, number, museumDate(deps.clock()));
  if (!certificate.valid) throw fail(certificate.message);
  return deps.db.tx(async (q) => {
    const [upload] = await lockRows(q, 'uploads', { token: input.url, face_checked_by: userId }, ['id', 'bytes']);
    if (!upload) throw fail(FACE_MESSAGES.notChecked);
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`face:${input.certificateType}:${number}`]);
    const [bound] = await q.query<{ user_id: number }>('SELECT user_id FROM faces WHERE certificate_type = $1 AND certificate_number = $2', [
      input.certificateType,
      number,
    ]);
    if (bound && bound.user_id !== userId) throw fail(FACE_MESSAGES.alreadyBound);
    if (bound) await q.query('DELETE FROM faces WHERE certificate_type = $1 AND certificate_number = $2', [input.certificateType, number]);
    // Kept upright and no larger than needed at the gate; the upload itself goes.
    const picture = await decoded(Buffer.from(upload.bytes), true);
    const { width = 0, height = 0 } = await outsideImage(picture).metadata();
    const faceUrl = randomBytes(18).toString('base64url');
    await q.query(
      `INSERT INTO faces (url, user_id, certificate_type, certificate_number, mime, width, height, bytes, created_at)
       VALUES ($1, $2, $3, $4, 'image/jpeg', $5, $6, $7, $8)`,
      [faceUrl, userId, input.certificateType, number, width, height, picture, deps.clock()],
    );
    await deleteUnusedUpload(q, upload.id);
    return { faceUrl };
  });
}

/** deleteFace: the owner's portrait goes; another account's is "does not exist". */
export async function deleteFace(deps: AppDeps, userId: number, faceUrl: string): Promise<null> {
  const gone = await deps.db.query('DELETE FROM faces WHERE url = $1 AND user_id = $2 RETURNING id', [faceUrl, userId]);
  if (gone.length === 0) throw fail(FACE_MESSAGES.notFound);
  return null;
}

/** An upload no team document or request points to (a face or certificate photo) is deleted. */
async function deleteUnusedUpload(q: Queryable, uploadId: number): Promise<void> {
  await q.query(
    `DELETE FROM uploads u WHERE u.id = $1
       AND NOT EXISTS (SELECT 1 FROM team_documents d WHERE d.upload_id = u.id)
       AND NOT EXISTS (SELECT 1 FROM team_requests r WHERE u.id IN (r.upload_id, r.upload2_id))`,
    [uploadId],
  );
}

/** Account cancellation: the account's portraits and the face photos it had checked. */
export async function deleteFacesOf(q: Queryable, userId: number): Promise<void> {
  await q.query('DELETE FROM faces WHERE user_id = $1', [userId]);
  const checked = await q.query<{ id: number }>('SELECT id FROM uploads WHERE face_checked_by = $1', [userId]);
  for (const { id } of checked) await deleteUnusedUpload(q, id);
  await q.query('UPDATE uploads SET face_checked_by = NULL WHERE face_checked_by = $1', [userId]);
}

/** /ingore/ocr/baidu: the certificate in an uploaded photo. The photo of a document is read once
 * and deleted, read or not (it is personal data, and each read may cost the museum); kept only
 * when the reader had no room for it ("busy, try again": the visitor retries with it). A
 * teacher's certificate must bear the name entered, when the reader gives a name (Baidu does;
 * the local Tesseract reads the number only). */
export async function readCertificate(deps: AppDeps, uploadId: string, teacherName?: string): Promise<CertificateRead> {
  const bytes = await uploadBytes(deps.db, uploadId);
  let busy = false;
  try {
    await requireSwitch(deps.db, 'ocr_enable', OCR_MESSAGES.disabled);
    if (deps.providers.ocr.name === 'none') throw fail(OCR_MESSAGES.unavailable);
    const picture = await decoded(bytes, false);
    const read = await deps.providers.ocr.read(picture).catch((error: unknown) => {
      if (error instanceof VendorError) throw fail(OCR_MESSAGES.unavailable);
      busy = error instanceof WorkBusyError;
      throw error;
    });
    if (!read) throw fail(OCR_MESSAGES.failed);
    const wrongName = teacherNameRefusal(teacherName, read);
    if (wrongName) throw fail(wrongName);
    return read;
  } finally {
    const [row] = busy ? [] : await deps.db.query<{ id: number }>('SELECT id FROM uploads WHERE token = $1', [uploadId]);
    if (row) await deleteUnusedUpload(deps.db, row.id);
  }
}
