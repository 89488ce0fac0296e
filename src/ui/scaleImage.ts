/** docs/product.md §5: an image over about 4 MB is scaled to 2000 px wide at quality 0.8 before it is
 * sent; a smaller one goes as it is. */
import { needsScaling, scaledSize, SCALE_QUALITY } from '../domain/uploads.ts';

export async function scaleForUpload(file: File): Promise<{ blob: Blob; name: string }> {
  if (!needsScaling(file.size)) return { blob: file, name: file.name };
  const bitmap = await createImageBitmap(file);
  const { width, height } = scaledSize(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', SCALE_QUALITY));
  return blob ? { blob, name: file.name.replace(/\.\w+$/, '') + '.jpg' } : { blob: file, name: file.name };
}
