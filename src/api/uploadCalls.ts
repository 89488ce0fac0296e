/** The image upload (POST /common/ingore/upload, no login): the team's documents, a visitor's
 * face photo, a certificate to recognise. */
import { call } from './client.ts';

/** One image (already scaled by the caller when large); its upload id. */
export async function uploadImage(file: Blob, name: string): Promise<string> {
  const body = new FormData();
  body.append('file', file, name);
  const { uploadId } = await call<{ uploadId: string }>('/common/ingore/upload', { method: 'post', body, anonymous: true, silent: true });
  return uploadId;
}
