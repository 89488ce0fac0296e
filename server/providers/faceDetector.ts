/** The local face detector: @vladmandic/face-api's tiny face detector and 68-point landmarks,
 * whose models ship inside the npm package, on TensorFlow.js's pure JavaScript CPU backend
 * (nothing downloaded at run time; about 0.3 s a picture scaled to 640 px, 2 s on a busy
 * 2-core machine). They are the project's dependencies, loaded from `fromDir`'s node_modules;
 * a deployment without them (an install with --omit=optional habits, a trimmed image) falls
 * back to what sharp can see (face.ts), and the server log says so. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { outsideImage } from '../images.ts';
import type { FaceSeen } from '../../src/domain/faces.ts';

/** The faces a picture shows, with their pose. */
export type FaceDetector = (image: Buffer) => Promise<FaceSeen[]>;

/** The detector looks at the picture at most this wide or high (faces of a portrait stay large). */
const DETECT_PX = 640;

/* The few calls of face-api used here, typed locally (the package is optional). */
interface Point {
  x: number;
  y: number;
}
interface Tf {
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  tensor3d(values: Uint8Array, shape: [number, number, number], dtype: 'int32'): { dispose(): void };
  io: { decodeWeights(buffer: ArrayBuffer, specs: unknown): unknown };
}
interface FaceApi {
  tf: Tf;
  nets: Record<'tinyFaceDetector' | 'faceLandmark68TinyNet', { loadFromWeightMap(map: unknown): Promise<void> }>;
  TinyFaceDetectorOptions: new (o: { inputSize: number; scoreThreshold: number }) => unknown;
  detectAllFaces(
    input: unknown,
    options: unknown,
  ): {
    withFaceLandmarks(tiny: boolean): Promise<Array<{ detection: { score: number }; landmarks: { positions: Point[] } }>>;
  };
}

/** Pose from the 68 landmarks: roll from the eyes' line, yaw from how far the nose tip sits from
 * the eyes' middle (a share of the eyes' distance; about 0.2 at 20 degrees), pitch unknown. */
export function poseOf(points: Point[]): Pick<FaceSeen, 'yaw' | 'roll'> {
  const mean = (from: number, to: number) => {
    const ps = points.slice(from, to);
    return { x: ps.reduce((s, p) => s + p.x, 0) / ps.length, y: ps.reduce((s, p) => s + p.y, 0) / ps.length };
  };
  const left = mean(36, 42);
  const right = mean(42, 48);
  const nose = points[30];
  const eyes = Math.hypot(right.x - left.x, right.y - left.y) || 1;
  const roll = (Math.atan2(right.y - left.y, right.x - left.x) * 180) / Math.PI;
  const yaw = ((nose.x - (left.x + right.x) / 2) / eyes) * 100;
  return { yaw, roll };
}

const FACE_API = '@vladmandic/face-api/dist/face-api.node-wasm.js';

/** Whether the detector's packages are installed under `fromDir` (found, not loaded). */
export function faceDetectorInstalled(fromDir: string): boolean {
  try {
    createRequire(path.join(fromDir, 'package.json')).resolve(FACE_API);
    return true;
  } catch {
    return false;
  }
}

/** A picture's pixels, upright and scaled for the detector: RGB, one byte a channel. */
export interface FacePixels {
  data: Uint8Array;
  width: number;
  height: number;
}

/** What the detector looks at: the picture decoded by sharp (off the event loop, natively). */
export async function facePixels(image: Buffer): Promise<FacePixels> {
  const { data, info } = await outsideImage(image)
    .rotate()
    .resize(DETECT_PX, DETECT_PX, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // A copy of its own: sent to the worker by transfer, not copied again.
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

/** The faces in decoded pixels: TensorFlow's CPU work, seconds of JavaScript on a busy machine,
 * run in the worker pool (server/workers/workPool.ts). */
export type FaceModel = (pixels: FacePixels) => Promise<FaceSeen[]>;

/** The model, or null when the packages are not installed under `fromDir`. */
export async function loadFaceModel(fromDir: string): Promise<FaceModel | null> {
  const require = createRequire(path.join(fromDir, 'package.json'));
  let faceapi: FaceApi;
  try {
    faceapi = require(FACE_API) as FaceApi;
  } catch {
    return null;
  }
  const tf = faceapi.tf;
  await tf.setBackend('cpu');
  await tf.ready();
  const models = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  const load = async (net: keyof FaceApi['nets'], file: string) => {
    const manifest = JSON.parse(readFileSync(path.join(models, `${file}-weights_manifest.json`), 'utf8')) as Array<{ weights: unknown }>;
    const bin = readFileSync(path.join(models, `${file}.bin`));
    const buffer = bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength) as ArrayBuffer;
    await faceapi.nets[net].loadFromWeightMap(tf.io.decodeWeights(buffer, manifest[0].weights));
  };
  await load('tinyFaceDetector', 'tiny_face_detector_model');
  await load('faceLandmark68TinyNet', 'face_landmark_68_tiny_model');
  const options = new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: 0.3 });

  return async ({ data, width, height }) => {
    const input = tf.tensor3d(data, [height, width, 3], 'int32');
    try {
      const found = await faceapi.detectAllFaces(input, options).withFaceLandmarks(true);
      return found.map((f) => ({ probability: f.detection.score, ...poseOf(f.landmarks.positions) }));
    } finally {
      input.dispose();
    }
  };
}

/** The detector on this thread (decode, then the model), or null when the packages are not
 * installed under `fromDir`. */
export async function loadFaceDetector(fromDir: string): Promise<FaceDetector | null> {
  const model = await loadFaceModel(fromDir);
  return model && (async (image) => model(await facePixels(image)));
}
