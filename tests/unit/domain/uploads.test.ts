import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { checkFaceSize, checkUpload, needsScaling, SCALE_QUALITY, scaledSize } from '../../../src/domain/uploads.ts';

const FORMAT = { zh: '仅支持 jpg、jpeg、png 格式的图片', en: 'Only jpg, jpeg or png images are allowed' };
const SIZE = { zh: '图片大小不能超过10MB', en: 'The image must not exceed 10 MB' };
const FACE = { zh: '人像照片尺寸不能小于200×200像素', en: 'The face photo must be at least 200×200 pixels' };
const MB = 1024 * 1024;

describe('checkUpload', () => {
  it.each([
    [{ name: 'a.jpg', type: 'image/jpeg', size: 1000 }, null],
    [{ name: 'a.JPEG', type: 'image/jpeg', size: 10 * MB }, null],
    [{ name: 'photo.png', type: 'image/png', size: 5 * MB }, null],
    [{ name: 'photo.png', type: '', size: 5 * MB }, null],
    [{ name: 'a.jpg', type: 'image/jpeg', size: 10 * MB + 1 }, SIZE],
    [{ name: 'a.gif', type: 'image/gif', size: 1000 }, FORMAT],
    [{ name: 'a.jpg', type: 'application/pdf', size: 1000 }, FORMAT],
    [{ name: 'jpg', type: 'image/jpeg', size: 1000 }, FORMAT],
    [{ name: 'a.heic', type: '', size: 1000 }, FORMAT],
  ])('%j -> %j', (file, message) => {
    expect(checkUpload(file)).toEqual(message);
  });
});

describe('scaling', () => {
  it('scales above about 4 MB', () => {
    expect(needsScaling(4 * MB)).toBe(false);
    expect(needsScaling(4 * MB + 1)).toBe(true);
    expect(SCALE_QUALITY).toBe(0.8);
  });
  it.each([
    [4000, 3000, 2000, 1500],
    [3000, 4000, 2000, 2667],
    [2000, 1000, 2000, 1000],
    [1200, 900, 1200, 900],
  ])('%i x %i -> %i x %i', (w, h, sw, sh) => {
    expect(scaledSize(w, h)).toEqual({ width: sw, height: sh });
  });
  it('keeps the ratio within rounding and never exceeds 2000 px wide', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20000 }), fc.integer({ min: 1, max: 20000 }), (w, h) => {
        const s = scaledSize(w, h);
        expect(s.width).toBeLessThanOrEqual(2000);
        expect(Math.abs(s.height - (h * s.width) / w)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('checkFaceSize', () => {
  it.each([
    [200, 200, null],
    [1080, 1920, null],
    [199, 400, FACE],
    [400, 199, FACE],
  ])('%i x %i -> %j', (w, h, message) => {
    expect(checkFaceSize(w, h)).toEqual(message);
  });
});
