/** The CPU-bound steps a worker thread of the pool runs (workPool.ts): the face model on decoded
 * pixels and the invoice's PDF. What each needs is loaded once per thread, at its first task
 * (TensorFlow and the models; pdfkit and the 8 MB font). The same function runs on the main
 * thread when the pool has no threads (WORK_THREADS=0, for comparison). */
import type { FaceSeen } from '../../src/domain/faces.ts';
import type { InvoiceDocument } from '../../src/domain/invoiceIssue.ts';
import { loadFaceModel, type FaceModel, type FacePixels } from '../providers/faceDetector.ts';
import { renderInvoicePdf } from '../services/invoicePdf.ts';
import { processLog } from '../logger.ts';

export type WorkTask =
  /** Loads the face model now (after the server listens), so the first check does not wait. */
  | { kind: 'warmFace'; root: string }
  /** The faces in a picture; null when the detector's packages are not installed. */
  | { kind: 'face'; root: string; pixels: FacePixels }
  | { kind: 'invoicePdf'; document: InvoiceDocument; seller: string; issuedAt: Date };

export interface WorkResults {
  warmFace: boolean;
  face: FaceSeen[] | null;
  invoicePdf: Uint8Array;
}

let model: Promise<FaceModel | null> | null = null;
const faceModel = (root: string) =>
  (model ??= loadFaceModel(root).catch((error: unknown) => {
    processLog.error({ cause: String(error) }, '[server] the face detector did not load; pictures are checked without it');
    return null;
  }));

export default async function runTask(task: WorkTask): Promise<WorkResults[WorkTask['kind']]> {
  switch (task.kind) {
    case 'warmFace':
      return (await faceModel(task.root)) !== null;
    case 'face': {
      const detect = await faceModel(task.root);
      return detect ? detect(task.pixels) : null;
    }
    case 'invoicePdf':
      return new Uint8Array(await renderInvoicePdf(task.document, task.seller, task.issuedAt));
  }
}
