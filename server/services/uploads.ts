/** Uploads (docs/product.md §5): jpg, jpeg or png, at most 10 MB and 50 megapixels. The type and the size
 * are read from the bytes' header, never from the file name or the declared content type. Uploads are
 * anonymous (registration comes before an account), so one address may send only so many. */
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { fail } from '../http.ts';
import { imageHeader } from '../images.ts';
import type { Text } from '../../src/domain/text.ts';
import { IMAGE_MAX_BYTES } from '../../src/domain/limits.ts';
import { UPLOAD_MESSAGES } from '../../src/domain/uploads.ts';

export const UPLOADS_PER_ADDRESS_PER_HOUR = 40;

export const UPLOAD_TEXTS = {
  tooMany: { zh: '上传过于频繁，请稍后再试', en: 'Too many uploads; please try again later' },
  missing: { zh: '请上传图片', en: 'Please upload an image' },
  notFound: { zh: '上传的文件不存在或已失效，请重新上传', en: 'The uploaded file is missing or expired; please upload it again' },
} satisfies Record<string, Text>;

const MIME = { jpeg: 'image/jpeg', png: 'image/png' } as const;

export interface UploadAnswer {
  uploadId: string;
  mime: string;
  size: number;
  width: number;
  height: number;
}

export async function saveUpload(deps: AppDeps, bytes: Buffer, ip: string): Promise<UploadAnswer> {
  if (bytes.length === 0) throw fail(UPLOAD_TEXTS.missing);
  if (bytes.length > IMAGE_MAX_BYTES) throw fail(UPLOAD_MESSAGES.size);
  const meta = await imageHeader(bytes);
  const mime = meta?.format === 'jpeg' || meta?.format === 'png' ? MIME[meta.format] : null;
  if (!meta || !mime || !meta.width || !meta.height) throw fail(UPLOAD_MESSAGES.format);
  const now = deps.clock();
  const uploadId = randomBytes(18).toString('base64url');
  await deps.db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`upload:${ip}`]);
    const [{ n }] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads WHERE ip = $1 AND created_at > $2', [
      ip,
      new Date(now.getTime() - 3600_000),
    ]);
    if (n >= UPLOADS_PER_ADDRESS_PER_HOUR) throw fail(UPLOAD_TEXTS.tooMany);
    await q.query('INSERT INTO uploads (token, mime, size, width, height, bytes, ip, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
      uploadId,
      mime,
      bytes.length,
      meta.width,
      meta.height,
      bytes,
      ip,
      now,
    ]);
  });
  return { uploadId, mime, size: bytes.length, width: meta.width, height: meta.height };
}

/** The upload row of an id a form sent, or a refusal naming the upload as missing. */
export async function uploadRowId(q: Queryable, uploadId: string): Promise<number> {
  const [row] = await q.query<{ id: number }>('SELECT id FROM uploads WHERE token = $1', [uploadId]);
  if (!row) throw fail(UPLOAD_TEXTS.notFound);
  return row.id;
}
