/** The face check (docs/product.md §5 "one frontal face"): what a provider saw in a picture the server has
 * already decoded (format and size, services/faces.ts). `local` looks at the pixels here: a
 * picture of one flat colour or nearly so, or one far from a portrait's shape, has no face to
 * see; with a face detector installed (faceDetector.ts) it counts faces and their pose. `baidu`
 * asks the vendor's face detection. */
import { outsideImage } from '../images.ts';
import type { FaceSeen } from '../../src/domain/faces.ts';
import { baiduClient, type BaiduCredentials } from './baidu.ts';
import type { FaceDetector } from './faceDetector.ts';
import type { WorkPool } from '../workers/workPool.ts';

export type FaceProviderName = 'local' | 'baidu';

export interface FaceProvider {
  readonly name: FaceProviderName;
  /** Whether this provider can tell faces (the local one without a detector cannot). */
  readonly detects: boolean;
  /** The faces seen; throws VendorError when the service does not answer. */
  detect(image: Buffer): Promise<FaceSeen[]>;
  /** Starts loading what the first check needs, in the background (after the server listens). */
  warm?(): void;
}

/** A portrait stands between 1:2 and 2:1; a panorama or a strip is not a face photo. */
const MAX_ASPECT = 2;
/** Below this standard deviation of grey levels (0-255) the picture is blank: no face on it. */
const MIN_CONTRAST = 8;

export function localFace(detector: FaceDetector | null = null): FaceProvider {
  return {
    name: 'local',
    detects: detector !== null,
    async detect(image) {
      const { width = 0, height = 0 } = await outsideImage(image).metadata();
      if (Math.max(width, height) > MAX_ASPECT * Math.min(width, height)) return [];
      const stats = await outsideImage(image).greyscale().stats();
      if (stats.channels[0].stdev < MIN_CONTRAST) return [];
      // Without a detector the picture passes as one face of unknown pose (said at start-up).
      return detector ? detector(image) : [{ probability: 1 }];
    },
  };
}

interface BaiduDetectAnswer {
  result?: { face_num: number; face_list: Array<{ face_probability: number; angle?: { yaw: number; pitch: number; roll: number } }> } | null;
}

/** No face in the picture (222202) is an answer, not a failure of the service. */
const NO_FACE = 222202;

export function baiduFace(credentials: BaiduCredentials): FaceProvider {
  const client = baiduClient(credentials);
  return {
    name: 'baidu',
    detects: true,
    async detect(image) {
      const answer = await client.post<BaiduDetectAnswer>(
        '/rest/2.0/face/v3/detect',
        { json: { image: image.toString('base64'), image_type: 'BASE64', max_face_num: 2, face_field: 'angle' } },
        [NO_FACE],
      );
      if (answer.error_code === NO_FACE || !answer.result) return [];
      return answer.result.face_list.map((f) => ({ probability: f.face_probability, yaw: f.angle?.yaw, pitch: f.angle?.pitch, roll: f.angle?.roll }));
    },
  };
}

/** The configured provider; `local` with the detector when its packages are installed in `root`:
 * the picture decoded here by sharp (natively, off the event loop), the model run by `work`. */
export async function faceProvider(
  config: { provider: 'local' } | { provider: 'baidu'; baidu: BaiduCredentials },
  root: string,
  work: WorkPool,
): Promise<FaceProvider> {
  if (config.provider === 'baidu') return baiduFace(config.baidu);
  const { faceDetectorInstalled, facePixels } = await import('./faceDetector.ts');
  if (!faceDetectorInstalled(root)) return localFace(null);
  // TensorFlow and the models take seconds to load: not before the server answers. `warm` starts
  // them once it listens, in each worker thread; a picture sent before they are ready waits.
  const provider = localFace(async (image) => {
    const pixels = await facePixels(image);
    const seen = await work.run({ kind: 'face', root, pixels }, [pixels.data.buffer]);
    // The packages are there but did not load (said in the log): checked without the detector.
    return seen ?? [{ probability: 1 }];
  });
  return {
    ...provider,
    warm: () => {
      for (let i = 0; i < Math.max(1, work.stats().threads); i++) void work.run({ kind: 'warmFace', root }).catch(() => undefined);
    },
  };
}
