/** The face rule (docs/product.md §5 "one frontal face") and reading an ID number out of what a reader saw. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gb11643CheckChar } from '../../../src/domain/certificates.ts';
import { FACE_MESSAGES, faceVerdict, idNumberIn, OCR_MESSAGES, teacherNameRefusal } from '../../../src/domain/faces.ts';

const face = (probability: number, yaw?: number, pitch?: number, roll?: number) => ({ probability, yaw, pitch, roll });
const id = (first17: string) => first17 + gb11643CheckChar(first17);

describe('faceVerdict', () => {
  it.each([
    ['one frontal face', [face(0.99, 5, -3, 2)], null],
    ['one face of unknown pose', [face(0.9)], null],
    ['a turn of exactly 20 degrees', [face(0.9, -20, 20, 20)], null],
    ['no face', [], FACE_MESSAGES.failed],
    ['only a doubtful face', [face(0.3)], FACE_MESSAGES.failed],
    ['two faces', [face(0.9), face(0.8)], FACE_MESSAGES.failed],
    ['one face and a doubtful one', [face(0.9, 1, 1, 1), face(0.2)], null],
    ['turned away', [face(0.95, 41)], FACE_MESSAGES.failed],
    ['head tilted', [face(0.95, 0, 0, -25)], FACE_MESSAGES.failed],
  ])('%s', (_, faces, expected) => {
    expect(faceVerdict(faces)).toEqual(expected);
  });

  it('says it in zh and en', () => {
    expect(FACE_MESSAGES.failed).toEqual({ zh: '人脸识别失败，请按要求重新上传', en: 'Face recognition failed: upload again as required' });
    expect(FACE_MESSAGES.alreadyBound).toEqual({ zh: '人像已绑定，请到售票窗口解绑', en: 'Portrait already bound: unbind at the ticket window' });
    expect(OCR_MESSAGES.failed).toEqual({
      zh: '证件识别失败，请拍摄完整证件后重试',
      en: 'Certificate recognition failed: retake with the whole document visible',
    });
  });

  it('refuses any pose beyond 20 degrees, whichever angle', () => {
    fc.assert(
      fc.property(fc.integer({ min: 21, max: 90 }), fc.integer({ min: 0, max: 2 }), fc.boolean(), (angle, which, negative) => {
        const pose = [0, 0, 0];
        pose[which] = negative ? -angle : angle;
        expect(faceVerdict([face(0.99, ...(pose as [number, number, number]))])).toEqual(FACE_MESSAGES.failed);
      }),
    );
  });
});

describe('idNumberIn', () => {
  const number = id('11010119900307451');
  it('finds the number among other text, with a lower-case x, and only with its check digit', () => {
    expect(idNumberIn(`Name ZHANG SAN\n${number}\n`, '2026-11-24')).toBe(number);
    const withX = id('11010119850302106');
    expect(withX.endsWith('X')).toBe(true);
    expect(idNumberIn(`ID ${withX.toLowerCase()}`, '2026-11-24')).toBe(withX);
    const misread = number.slice(0, 17) + (number[17] === '1' ? '2' : '1');
    expect(idNumberIn(misread, '2026-11-24')).toBeNull();
    expect(idNumberIn('no number here', '2026-11-24')).toBeNull();
  });
});

describe("a teacher's name against the certificate read", () => {
  const read = (name: string | null) => ({ certificateType: '1' as const, certificateNumber: '110101199003077777', name });
  it('fits as written, without spaces, dots or case; a name not read or not yet entered is no refusal', () => {
    for (const entered of ['阿卜杜·热合曼', ' 阿卜杜 热合曼 ', '阿卜杜・热合曼']) expect(teacherNameRefusal(entered, read('阿卜杜热合曼')), entered).toBeNull();
    expect(teacherNameRefusal('Li Lei', read('LI LEI'))).toBeNull();
    expect(teacherNameRefusal('李四', read(null))).toBeNull();
    expect(teacherNameRefusal('  ', read('张三'))).toBeNull();
    expect(teacherNameRefusal(undefined, read('张三'))).toBeNull();
    expect(teacherNameRefusal('张叁', read('张三'))?.zh).toBe('证件上的姓名（张三）与填写的教师姓名（张叁）不一致，请核对');
  });
});
