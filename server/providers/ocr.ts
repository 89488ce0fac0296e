/** Certificate recognition (docs/product.md §7 /ingore/ocr/baidu, config ocr_enable): the number of a
 * mainland ID card in a photo, and the name where the reader gives one. `baidu` is the vendor's
 * ID card OCR; `local` is Tesseract (tesseract.js, its WebAssembly core and the English model
 * from npm, nothing downloaded at run time) when those optional packages are installed; `none`
 * answers that recognition is unavailable. A number is only ever returned when its check digit
 * holds (src/domain/faces.ts idNumberIn). */
import { createRequire } from 'node:module';
import path from 'node:path';
import { idNumberIn, type CertificateRead } from '../../src/domain/faces.ts';
import { baiduClient, type BaiduCredentials } from './baidu.ts';
import { workGate } from '../workers/busy.ts';

export type OcrProviderName = 'none' | 'local' | 'baidu';

export interface OcrProvider {
  readonly name: OcrProviderName;
  /** What was read, or null when the photo shows no readable certificate; VendorError when the
   * service does not answer. */
  read(image: Buffer): Promise<CertificateRead | null>;
  /** Starts loading what the first read needs, in the background (after the server listens). */
  warm?(): void;
}

export const noOcr = (): OcrProvider => ({
  name: 'none',
  async read() {
    throw new Error('no OCR provider configured');
  },
});

interface IdCardAnswer {
  image_status?: string;
  words_result?: Record<string, { words?: string }>;
}

/** The vendor's "could not recognise" codes: an answer about the photo, not a failure. */
const UNREADABLE = [216630, 216631, 216633, 216634];

export function baiduOcr(credentials: BaiduCredentials): OcrProvider {
  const client = baiduClient(credentials);
  return {
    name: 'baidu',
    async read(image) {
      const answer = await client.post<IdCardAnswer>(
        '/rest/2.0/ocr/v1/idcard',
        { form: { image: image.toString('base64'), id_card_side: 'front' } },
        UNREADABLE,
      );
      if (answer.error_code || answer.image_status !== 'normal' || !answer.words_result) return null;
      const number = idNumberIn(answer.words_result['公民身份号码']?.words ?? '');
      if (!number) return null;
      const name = answer.words_result['姓名']?.words?.trim() || null;
      return { certificateType: '1', certificateNumber: number, name };
    },
  };
}

interface TesseractWorker {
  recognize(image: Buffer): Promise<{ data: { text: string } }>;
}

/** Tesseract from `fromDir`'s node_modules (tesseract.js, @tesseract.js-data/eng), or null when
 * not installed. English model: it reads the number, not a Chinese name (name stays null). */
export async function loadLocalOcr(fromDir: string): Promise<OcrProvider | null> {
  const require = createRequire(path.join(fromDir, 'package.json'));
  let createWorker: (lang: string, oem: number, options: Record<string, unknown>) => Promise<TesseractWorker>;
  let langPath: string;
  try {
    ({ createWorker } = require('tesseract.js') as { createWorker: typeof createWorker });
    langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
  } catch {
    return null;
  }
  const worker = await createWorker('eng', 1, { langPath, cacheMethod: 'none', gzip: true });
  return {
    name: 'local',
    async read(image) {
      const { data } = await worker.recognize(image);
      const number = idNumberIn(data.text);
      return number ? { certificateType: '1', certificateNumber: number, name: null } : null;
    },
  };
}

/** The configured provider. A `local` whose packages are missing stops the start (it was asked for).
 * Tesseract reads in a worker thread of its own (tesseract.js), one photo at a time: at most
 * `maxQueue` wait for it, the next is answered "busy" (server/workers/busy.ts workGate). */
export async function ocrProvider(
  config: { provider: 'none' | 'local' } | { provider: 'baidu'; baidu: BaiduCredentials },
  root: string,
  maxQueue = 16,
): Promise<OcrProvider> {
  if (config.provider === 'baidu') return baiduOcr(config.baidu);
  if (config.provider === 'none') return noOcr();
  const require = createRequire(path.join(root, 'package.json'));
  try {
    require.resolve('tesseract.js');
    require.resolve('@tesseract.js-data/eng/package.json');
  } catch {
    throw new Error('OCR_PROVIDER=local needs the npm packages tesseract.js and @tesseract.js-data/eng');
  }
  // Tesseract's worker and model take seconds: loaded once the server listens (`warm`) or by the first read.
  let loading: Promise<OcrProvider | null> | null = null;
  const load = () => (loading ??= loadLocalOcr(root));
  const gate = workGate('OCR', 1, maxQueue);
  return {
    name: 'local',
    read: (image) => gate(async () => (await load())!.read(image)),
    warm: () => void load(),
  };
}
