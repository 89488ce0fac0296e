/** Images someone sent us (uploads, face photos, certificates), read with sharp under a pixel
 * limit: a small file may declare a huge picture, and decoding it would take the memory. Every
 * read of such bytes goes through here. */
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { IMAGE_MAX_PIXELS } from '../src/domain/limits.ts';
import { UPLOAD_MESSAGES } from '../src/domain/uploads.ts';
import { fail } from './http.ts';
import { sharp } from './lazy.ts';

/** sharp on outside bytes: it refuses to decode more than IMAGE_MAX_PIXELS. */
export function outsideImage(bytes: Buffer, options: Omit<SharpOptions, 'limitInputPixels' | 'unlimited'> = {}): Sharp {
  return sharp(bytes, { ...options, limitInputPixels: IMAGE_MAX_PIXELS });
}

/** The header of outside bytes (format, width, height: no pixel is decoded), null when they are
 * no image we read; a refusal naming the limit when the picture has more pixels. Read without
 * sharp's limit, which would fail it like a broken file, to say which it is. */
export async function imageHeader(bytes: Buffer): Promise<Metadata | null> {
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (meta && (meta.width ?? 0) * (meta.height ?? 0) > IMAGE_MAX_PIXELS) throw fail(UPLOAD_MESSAGES.pixels);
  return meta;
}
