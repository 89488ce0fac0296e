/** Image uploads (docs/product.md §5 "Uploads"): what may be uploaded, when and how the client scales
 * it first, and the face photo's minimum size. The "frontal" check belongs to the face
 * provider, not here. */
import {
  FACE_MIN_HEIGHT_PX,
  FACE_MIN_WIDTH_PX,
  IMAGE_EXTENSIONS,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_MIME_TYPES,
  IMAGE_SCALE_QUALITY,
  IMAGE_SCALE_THRESHOLD_BYTES,
  IMAGE_SCALED_WIDTH_PX,
} from './limits.ts';
import type { Text } from './text.ts';

export const UPLOAD_MESSAGES = {
  format: { zh: '仅支持 jpg、jpeg、png 格式的图片', en: 'Only jpg, jpeg or png images are allowed' },
  size: { zh: '图片大小不能超过10MB', en: 'The image must not exceed 10 MB' },
  pixels: { zh: `图片像素不能超过${IMAGE_MAX_PIXELS / 10_000}万`, en: `The image must have at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels` },
  faceSize: {
    zh: `人像照片尺寸不能小于${FACE_MIN_WIDTH_PX}×${FACE_MIN_HEIGHT_PX}像素`,
    en: `The face photo must be at least ${FACE_MIN_WIDTH_PX}×${FACE_MIN_HEIGHT_PX} pixels`,
  },
} as const satisfies Record<string, Text>;

/** JPEG quality used when scaling. */
export const SCALE_QUALITY = IMAGE_SCALE_QUALITY;

export interface UploadFile {
  name: string;
  /** MIME type; browsers sometimes leave it empty, then the extension decides. */
  type: string;
  /** bytes */
  size: number;
}

export function checkUpload(file: UploadFile): Text | null {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  const extensionOk = file.name.includes('.') && (IMAGE_EXTENSIONS as readonly string[]).includes(extension);
  const typeOk = file.type === '' || (IMAGE_MIME_TYPES as readonly string[]).includes(file.type.toLowerCase());
  if (!extensionOk || !typeOk) return UPLOAD_MESSAGES.format;
  return file.size > IMAGE_MAX_BYTES ? UPLOAD_MESSAGES.size : null;
}

/** Images over about 4 MB are scaled before upload. */
export function needsScaling(size: number): boolean {
  return size > IMAGE_SCALE_THRESHOLD_BYTES;
}

/** Target size of a scaled image: 2000 px wide, height keeping the ratio. A narrower image
 * keeps its size: enlarging it would only make the file bigger (quality 0.8 still shrinks it). */
export function scaledSize(width: number, height: number): { width: number; height: number } {
  if (width <= IMAGE_SCALED_WIDTH_PX) return { width, height };
  return { width: IMAGE_SCALED_WIDTH_PX, height: Math.max(1, Math.round((height * IMAGE_SCALED_WIDTH_PX) / width)) };
}

export function checkFaceSize(width: number, height: number): Text | null {
  return width >= FACE_MIN_WIDTH_PX && height >= FACE_MIN_HEIGHT_PX ? null : UPLOAD_MESSAGES.faceSize;
}
