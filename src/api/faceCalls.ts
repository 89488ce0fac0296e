/** Face photos (docs/product.md §7 face) and certificate recognition (/ingore/ocr/baidu). */
import type { z } from 'zod';
import type { bundlingBody, ocrBody } from '../domain/contracts.ts';
import type { CertificateRead } from '../domain/faces.ts';
import type { FaceBound, FaceChecked } from '../domain/types.ts';
import { call } from './client.ts';

export const checkFace = (url: string) => call<FaceChecked>(`/system/collection/checkFace?url=${encodeURIComponent(url)}`, { silent: true });

export const bindFace = (input: z.input<typeof bundlingBody>) => call<FaceBound>('/system/collection/bundling', { method: 'post', json: input, silent: true });

export const deleteFace = (faceUrl: string) => call<null>(`/system/collection/deleteFace?url=${encodeURIComponent(faceUrl)}`, { silent: true });

/** The certificate in an uploaded photo; for a teacher, with the name entered, which it must bear. */
export const readCertificate = (url: string, teacherName?: string) =>
  call<CertificateRead>('/ingore/ocr/baidu', {
    method: 'post',
    json: { url, teacherName } satisfies z.input<typeof ocrBody>,
    anonymous: true,
    silent: true,
  });
