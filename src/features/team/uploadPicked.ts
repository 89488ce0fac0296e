/** The upload of the team's forms (registration, requests): the view sends the picked File
 * itself as the event's file; a large photo is scaled down before it goes up. */
import { uploadImage } from '../../api/uploadCalls.ts';
import type { UploadFile } from '../../domain/uploads.ts';
import { scaleForUpload } from '../../ui/scaleImage.ts';

export async function uploadPicked(file: UploadFile): Promise<string> {
  const { blob, name } = await scaleForUpload(file as File);
  return uploadImage(blob, name);
}
