/** Face photos and certificate recognition (docs/product.md §5 uploads, §7 face and helpers, §8 messages):
 * what a face check decides and what the visitor reads. Pure: the providers (server) say what
 * they saw, these rules say whether it will do. */
import { checkCertificate, normalizeCertificate } from './certificates.ts';
import type { z } from 'zod';
import type * as answers from './answers.ts';
import { fill, type Text } from './text.ts';

export const FACE_MESSAGES = {
  /** docs/product.md §8: any picture the face check refuses (no face, several, turned away). */
  failed: { zh: '人脸识别失败，请按要求重新上传', en: 'Face recognition failed: upload again as required' },
  /** docs/product.md §8: the certificate's portrait is bound (by another account): staff unbind it in person. */
  alreadyBound: { zh: '人像已绑定，请到售票窗口解绑', en: 'Portrait already bound: unbind at the ticket window' },
  disabled: { zh: '人像采集未开放', en: 'Face photos are not offered' },
  notFound: { zh: '人像不存在或已删除', en: 'The face photo does not exist or was deleted' },
  notChecked: { zh: '请先上传并通过人脸检测', en: 'Upload the photo and pass the face check first' },
  agreement: { zh: '请先阅读并同意《人像采集协议》', en: 'Read and accept the portrait agreement first' },
  certificateFirst: { zh: '请先填写该观众的证件信息', en: "Enter the visitor's certificate first" },
  /** The vendor did not answer: nothing is wrong with the picture. */
  unavailable: { zh: '人脸检测服务暂不可用，请稍后再试', en: 'The face check is unavailable; please try again later' },
} as const satisfies Record<string, Text>;

export const OCR_MESSAGES = {
  /** docs/product.md §8. */
  failed: { zh: '证件识别失败，请拍摄完整证件后重试', en: 'Certificate recognition failed: retake with the whole document visible' },
  disabled: { zh: '证件识别未开放', en: 'Certificate recognition is not offered' },
  unavailable: { zh: '证件识别服务暂不可用，请手动填写', en: 'Certificate recognition is unavailable; please type the number' },
  /** docs/product.md §5 uploads: a teacher's name must match the certificate. */
  teacherName: {
    zh: '证件上的姓名（{read}）与填写的教师姓名（{entered}）不一致，请核对',
    en: "The name on the certificate ({read}) does not match the teacher's name entered ({entered}): please check",
  },
} as const satisfies Record<string, Text>;

/** A name as written and as read compare without spaces, the dots between the parts of a
 * transcribed name (· • ・ .), and letter case: "阿卜杜·热合曼" is "阿卜杜热合曼". */
const nameKey = (name: string) =>
  name
    .normalize('NFKC')
    .replace(/[\s·•・.．]/g, '')
    .toLowerCase();

/** Why a teacher's certificate read does not fit the name entered (null: it fits, or the reader
 * gave no name, or none was entered yet, which the read then fills). */
export function teacherNameRefusal(entered: string | undefined, read: CertificateRead): Text | null {
  if (!entered?.trim() || !read.name || nameKey(entered) === nameKey(read.name)) return null;
  return fill(OCR_MESSAGES.teacherName, { read: read.name, entered: entered.trim() });
}

/** Whether the museum offers face photos and certificate recognition (config face_enable,
 * ocr_enable: '1' on, anything else off; the server refuses the calls while off). */
export const faceOffered = (config: Record<string, string>) => config.face_enable === '1';
export const ocrOffered = (config: Record<string, string>) => config.ocr_enable === '1';

/** What a face detector saw: each face's confidence and, where it can tell, its pose in degrees. */
export interface FaceSeen {
  probability: number;
  /** Left-right turn, up-down tilt, in-plane rotation; absent when the detector cannot tell. */
  yaw?: number;
  pitch?: number;
  roll?: number;
}

/** A face counts from this confidence on (Baidu's face_probability, the local detector's score). */
export const FACE_MIN_PROBABILITY = 0.5;
/** Frontal: every pose angle within this many degrees (the vendor's recommended quality bound). */
export const FACE_MAX_ANGLE = 20;

/** docs/product.md §5 "one frontal face": exactly one face, turned no more than FACE_MAX_ANGLE any way. */
export function faceVerdict(faces: readonly FaceSeen[]): Text | null {
  const real = faces.filter((f) => f.probability >= FACE_MIN_PROBABILITY);
  if (real.length !== 1) return FACE_MESSAGES.failed;
  const [face] = real;
  const angles = [face.yaw, face.pitch, face.roll].filter((a): a is number => a !== undefined);
  return angles.every((a) => Math.abs(a) <= FACE_MAX_ANGLE) ? null : FACE_MESSAGES.failed;
}

/** A certificate read from a photo: the number, and the name where the document prints one. */
export type CertificateRead = z.output<typeof answers.certificateRead>;

/** The mainland ID number in what a reader returned (the vendor's field, or a text's lines), if
 * one there passes the check digit; a misread digit is a failed recognition, never a wrong number. */
export function idNumberIn(text: string, today?: string): string | null {
  for (const candidate of text.toUpperCase().match(/\d{17}[\dX]/g) ?? []) {
    const n = normalizeCertificate(candidate);
    if (checkCertificate('1', n, today).valid) return n;
  }
  return null;
}
