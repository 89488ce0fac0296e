/** Face photos and certificate recognition over HTTP (docs/product.md §5 uploads, §7 face and OCR): real
 * JPEG and PNG pictures made here with sharp go through the upload, the face check, the binding
 * to a certificate and the deletion; every refusal in zh and en; one account's portrait out of
 * another's reach; the Baidu adapters against a local fake of the vendor's API, its errors
 * included; and the portraits gone with the account. */
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../server/config.ts';
import { baiduFace, localFace } from '../../server/providers/face.ts';
import { loadFaceDetector } from '../../server/providers/faceDetector.ts';
import { baiduOcr, loadLocalOcr } from '../../server/providers/ocr.ts';
import { DEMO_SCHOOL, DEMO_STAFF } from '../../server/seed/accounts.ts';
import { idCard, makeApp, upload, type TestApp } from './helpers.ts';
import { fakeBaidu } from '../fakes/baiduFake.ts';

/** A photo-like picture: noise around mid grey (a flat colour has no face to find). */
const photo = (width: number, height: number, format: 'jpeg' | 'png' = 'jpeg') => {
  const image = sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
};
const blank = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c0c0c0' } })
    .jpeg()
    .toBuffer();

const setSwitch = (t: TestApp, key: 'face_enable' | 'ocr_enable', on: boolean) =>
  t.db.query('UPDATE sys_config SET value = $2 WHERE key = $1', [key, on ? '1' : '0']);

const FAILED = { en: 'Face recognition failed: upload again as required', zh: '人脸识别失败，请按要求重新上传' };
const BOUND = { en: 'Portrait already bound: unbind at the ticket window', zh: '人像已绑定，请到售票窗口解绑' };

describe('face photos on the local provider', () => {
  let t: TestApp;
  let seq = 0;
  const person = () => idCard('1990-03-07', String(100 + ++seq));
  const check = (token: string, url: string, lang: 'zh' | 'en' = 'en') =>
    t.call('GET', `/system/collection/checkFace?url=${encodeURIComponent(url)}`, { token, lang });
  const bind = (token: string, url: string, certificateNumber: string, lang: 'zh' | 'en' = 'en') =>
    t.call('POST', '/system/collection/bundling', { token, lang, body: { url, certificateType: '1', certificateNumber } });
  const faces = async (userId?: number) =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM faces WHERE $1::int IS NULL OR user_id = $1', [userId ?? null]))[0].n;
  /** Upload, check and bind: the face's url. */
  async function bound(token: string, number: string): Promise<string> {
    const up = await upload(t, 'face.jpg', await photo(400, 500));
    expect((await check(token, up.data!.uploadId)).code).toBe(200);
    const b = await bind(token, up.data!.uploadId, number);
    expect(b.code, b.msg).toBe(200);
    return b.data.faceUrl;
  }

  beforeAll(async () => {
    t = await makeApp();
    await setSwitch(t, 'face_enable', true);
  });
  afterAll(async () => t?.close());

  it('checks a real picture, binds it to the certificate, shows it on the frequent visitor, and deletes it', async () => {
    const token = await t.tokenFor('13722220001');
    const number = person();
    await t.call('POST', '/system/topContacts', { token, body: { name: '李雷', certificateType: '1', certificateNumber: number, phone: '' } });
    for (const [w, h, format] of [
      [400, 500, 'jpeg'],
      [200, 200, 'png'],
    ] as const) {
      const up = await upload(t, `me.${format === 'png' ? 'png' : 'jpg'}`, await photo(w, h, format));
      expect(up.code, up.msg).toBe(200);
      const checked = await check(token, up.data!.uploadId);
      expect(checked).toMatchObject({ code: 200, data: { url: up.data!.uploadId, width: w, height: h } });
    }
    const faceUrl = await bound(token, number);
    // The upload is gone; the portrait is kept as a JPEG with the certificate, not the client's name.
    const [row] = await t.db.query<{ mime: string; certificate_number: string; width: number }>(
      'SELECT mime, certificate_number, width FROM faces WHERE url = $1',
      [faceUrl],
    );
    expect(row).toEqual({ mime: 'image/jpeg', certificate_number: number, width: 400 });
    const [contact] = (await t.call('GET', '/system/topContacts', { token })).data;
    expect(contact.faceUrl).toBe(faceUrl);

    // The same account binds a new portrait: it replaces its own.
    const again = await bound(token, number);
    expect(again).not.toBe(faceUrl);
    expect(await t.db.query('SELECT 1 FROM faces WHERE url = $1', [faceUrl])).toHaveLength(0);

    expect((await t.call('GET', `/system/collection/deleteFace?url=${again}`, { token })).code).toBe(200);
    expect((await t.call('GET', '/system/topContacts', { token })).data[0].faceUrl).toBeNull();
    const gone = await t.call('GET', `/system/collection/deleteFace?url=${again}`, { token, lang: 'zh' });
    expect(gone.msg).toBe('人像不存在或已删除');
  });

  it('refuses what is not a usable face photo, in zh and en', async () => {
    const token = await t.tokenFor('13722220002');
    // Too small.
    const small = await upload(t, 'face.jpg', await photo(199, 400));
    expect((await check(token, small.data!.uploadId)).msg).toBe('The face photo must be at least 200×200 pixels');
    expect((await check(token, small.data!.uploadId, 'zh')).msg).toBe('人像照片尺寸不能小于200×200像素');
    // Blank, and a strip no portrait has: nothing to see.
    for (const bytes of [await blank(400, 400), await photo(900, 300)]) {
      const up = await upload(t, 'face.jpg', bytes);
      expect((await check(token, up.data!.uploadId)).msg).toBe(FAILED.en);
      expect((await check(token, up.data!.uploadId, 'zh')).msg).toBe(FAILED.zh);
    }
    // Text with an image's name, and a JPEG cut short (its header reads, its pixels do not).
    const text = await upload(t, 'face.jpg', Buffer.from('not a picture at all'));
    expect(text.msg).toBe('Only jpg, jpeg or png images are allowed');
    expect((await upload(t, 'face.jpg', Buffer.from('not a picture at all'), { lang: 'zh' })).msg).toBe('仅支持 jpg、jpeg、png 格式的图片');
    const whole = await photo(400, 400);
    const cut = await upload(t, 'face.jpg', whole.subarray(0, Math.floor(whole.length / 3)));
    expect(cut.code, cut.msg).toBe(200);
    expect((await check(token, cut.data!.uploadId)).msg).toBe('Only jpg, jpeg or png images are allowed');
    // Over 10 MB.
    const big = Buffer.concat([whole, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload(t, 'face.jpg', big)).msg).toBe('The image must not exceed 10 MB');
    expect((await upload(t, 'face.jpg', big, { lang: 'zh' })).msg).toBe('图片大小不能超过10MB');
    // An upload id that does not exist.
    expect((await check(token, 'nosuchupload')).msg).toBe('The uploaded file is missing or expired; please upload it again');
    expect(await faces(await userOf('13722220002'))).toBe(0);
  });

  it('refuses a decompression bomb by its header, before decoding it, and stores nothing; a 48 MP photo passes', async () => {
    // 10,000 x 10,000 pixels of white: 300 MB decoded, a few hundred KB as a PNG.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(10 * 1024 * 1024);
    const stored = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads'))[0].n;
    const before = await stored();
    expect(await upload(t, 'bomb.png', bomb)).toMatchObject({ code: 500, msg: 'The image must have at most 50 megapixels', data: null });
    expect((await upload(t, 'bomb.png', bomb, { lang: 'zh' })).msg).toBe('图片像素不能超过5000万');
    expect(await stored()).toBe(before);
    const camera = await sharp({ create: { width: 8064, height: 6048, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    expect((await upload(t, 'camera.jpg', camera)).code).toBe(200);
    // One stored before the limit existed is refused by the face check, not decoded.
    const token = await t.tokenFor('13722220009');
    await t.db.query(
      `INSERT INTO uploads (token, mime, size, width, height, bytes, ip, created_at) VALUES ('oldbomb', 'image/png', $1, 10000, 10000, $2, '10.0.0.1', $3)`,
      [bomb.length, bomb, t.now()],
    );
    expect((await check(token, 'oldbomb')).msg).toBe('The image must have at most 50 megapixels');
  });

  const userOf = async (phone: string) => (await t.db.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]))[0].id;

  it('binds only a picture the server checked for this same account, to a valid certificate', async () => {
    const [me, other] = [await t.tokenFor('13722220003'), await t.tokenFor('13722220004')];
    const up = await upload(t, 'face.jpg', await photo(300, 300));
    const unchecked = await bind(me, up.data!.uploadId, person(), 'zh');
    expect(unchecked.msg).toBe('请先上传并通过人脸检测');
    expect((await check(other, up.data!.uploadId)).code).toBe(200);
    expect((await bind(me, up.data!.uploadId, person())).msg).toBe('Upload the photo and pass the face check first');
    expect((await bind(other, up.data!.uploadId, '110101199003071234')).msg).toBe('ID card number format is wrong');
    expect((await bind(other, up.data!.uploadId, '110101199003071234', 'zh')).msg).toBe('身份证号码格式错误');
  });

  it("keeps one account's portrait out of another's reach", async () => {
    const [owner, other] = [await t.tokenFor('13722220005'), await t.tokenFor('13722220006')];
    const number = person();
    const faceUrl = await bound(owner, number);
    // Another account cannot bind the same certificate, nor delete the portrait.
    const up = await upload(t, 'face.jpg', await photo(300, 300));
    await check(other, up.data!.uploadId);
    expect((await bind(other, up.data!.uploadId, number)).msg).toBe(BOUND.en);
    expect((await bind(other, up.data!.uploadId, number, 'zh')).msg).toBe(BOUND.zh);
    expect((await t.call('GET', `/system/collection/deleteFace?url=${faceUrl}`, { token: other, lang: 'en' })).msg).toBe(
      'The face photo does not exist or was deleted',
    );
    expect(await t.db.query('SELECT 1 FROM faces WHERE url = $1', [faceUrl])).toHaveLength(1);
    // Its frequent visitor with the same certificate shows no face of the owner's.
    await t.call('POST', '/system/topContacts', { token: other, body: { name: '韩梅梅', certificateType: '1', certificateNumber: number, phone: '' } });
    expect((await t.call('GET', '/system/topContacts', { token: other })).data[0].faceUrl).toBeNull();
  });

  it('answers a team, staff or nobody with a login refusal, and refuses everyone while face photos are off', async () => {
    const team = (await t.call('POST', '/login', { body: { username: DEMO_SCHOOL.creditCode, password: DEMO_SCHOOL.password } })).data.token;
    const staff = (await t.call('POST', '/staff/login', { body: DEMO_STAFF })).data.token;
    const up = await upload(t, 'face.jpg', await photo(300, 300));
    for (const token of [team, staff, undefined]) {
      expect((await check(token as string, up.data!.uploadId)).code).toBe(401);
      expect((await bind(token as string, up.data!.uploadId, person())).code).toBe(401);
      expect((await t.call('GET', '/system/collection/deleteFace?url=x', { token })).code).toBe(401);
    }
    await setSwitch(t, 'face_enable', false);
    const me = await t.tokenFor('13722220007');
    expect((await check(me, up.data!.uploadId)).msg).toBe('Face photos are not offered');
    expect((await check(me, up.data!.uploadId, 'zh')).msg).toBe('人像采集未开放');
    await setSwitch(t, 'face_enable', true);
  });

  it("deletes the account's portraits and checked photos with the account", async () => {
    const phone = '13722220008';
    t.advance(61_000);
    await t.call('POST', '/ingore/sendMessage', { body: { phone }, ip: '10.45.0.1' });
    const login = await t.call('POST', '/login', { body: { phone, code: t.sms.outbox!(phone)[0].code } });
    const token = login.data.token;
    const userId = await userOf(phone);
    await bound(token, person());
    const left = await upload(t, 'face.jpg', await photo(300, 300));
    await check(token, left.data!.uploadId);
    expect(await faces(userId)).toBe(1);
    t.advance(61_000);
    await t.call('POST', '/ingore/sendMessage', { body: { phone }, ip: '10.45.0.2' });
    const done = await t.call('POST', '/cancelCustomerAccount', { token, body: { phone, code: t.sms.outbox!(phone)[0].code } });
    expect(done.code, done.msg).toBe(200);
    expect(await faces(userId)).toBe(0);
    expect(await t.db.query('SELECT 1 FROM uploads WHERE token = $1 OR face_checked_by = $2', [left.data!.uploadId, userId])).toHaveLength(0);
  });
});

describe('the Baidu adapters against a local fake of the vendor', () => {
  const fake = fakeBaidu({ name: '张三', number: idCard('1990-03-07', '451') });
  let t: TestApp;
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    const credentials = { url: base, apiKey: 'ak', secretKey: 'sk' };
    t = await makeApp({}, { providers: { face: baiduFace(credentials), ocr: baiduOcr(credentials) } });
    await setSwitch(t, 'face_enable', true);
  });
  afterAll(async () => {
    await t?.close();
    fake.server.close();
  });

  it('passes one frontal face and refuses two, a turned one and none; a vendor failure is "try later", never a 500', async () => {
    const token = await t.tokenFor('13733330001');
    const large = await photo(1600, 2000);
    const up = async () => (await upload(t, 'face.jpg', large)).data!.uploadId;
    fake.state.face = 'one';
    expect((await t.call('GET', `/system/collection/checkFace?url=${await up()}`, { token })).code).toBe(200);
    // Sent decoded, as a JPEG no larger than 1280 px, however large the upload.
    expect(fake.state.seen.at(-1)).toBe('jpeg');
    for (const mode of ['two', 'turned', 'none'] as const) {
      fake.state.face = mode;
      const r = await t.call('GET', `/system/collection/checkFace?url=${await up()}`, { token, lang: 'en' });
      expect(r.msg, mode).toBe(FAILED.en);
    }
    for (const mode of ['busy', 'down'] as const) {
      fake.state.face = mode;
      const id = await up();
      expect((await t.call('GET', `/system/collection/checkFace?url=${id}`, { token, lang: 'en' })).msg, mode).toBe(
        'The face check is unavailable; please try again later',
      );
      expect((await t.call('GET', `/system/collection/checkFace?url=${id}`, { token, lang: 'zh' })).msg).toBe('人脸检测服务暂不可用，请稍后再试');
    }
    // One token served every call.
    expect(fake.state.tokens).toBe(1);
  });

  it('reads a certificate when ocr_enable is on, refuses a misread or missing card, and deletes the photo read', async () => {
    const read = async (lang: 'zh' | 'en' = 'en') => {
      const up = await upload(t, 'face.jpg', await photo(856, 540));
      const r = await t.call('POST', '/ingore/ocr/baidu', { body: { url: up.data!.uploadId }, lang });
      expect(await t.db.query('SELECT 1 FROM uploads WHERE token = $1', [up.data!.uploadId])).toHaveLength(0);
      return r;
    };
    await setSwitch(t, 'ocr_enable', false);
    expect((await read()).msg).toBe('Certificate recognition is not offered');
    expect((await read('zh')).msg).toBe('证件识别未开放');
    await setSwitch(t, 'ocr_enable', true);
    fake.state.ocr = 'read';
    expect((await read()).data).toEqual({ certificateType: '1', certificateNumber: idCard('1990-03-07', '451'), name: '张三' });
    for (const mode of ['badDigit', 'notCard', 'unreadable'] as const) {
      fake.state.ocr = mode;
      expect((await read()).msg, mode).toBe('Certificate recognition failed: retake with the whole document visible');
      expect((await read('zh')).msg, mode).toBe('证件识别失败，请拍摄完整证件后重试');
    }
  });

  it("refuses a teacher's certificate that bears another name than the one entered; without a name read, nothing changes", async () => {
    const read = async (teacherName: string | undefined, lang: 'zh' | 'en' = 'en') => {
      const up = await upload(t, 'card.jpg', await photo(856, 540));
      const r = await t.call('POST', '/ingore/ocr/baidu', { body: { url: up.data!.uploadId, teacherName }, lang });
      // Refused or not, the photo of the card is not kept.
      expect(await t.db.query('SELECT 1 FROM uploads WHERE token = $1', [up.data!.uploadId])).toHaveLength(0);
      return r;
    };
    const number = idCard('1990-03-07', '451');
    await setSwitch(t, 'ocr_enable', true);
    fake.state.ocr = 'read';
    for (const same of ['张三', ' 张 三 ', '张·三'])
      expect((await read(same)).data, same).toEqual({ certificateType: '1', certificateNumber: number, name: '张三' });
    // No name entered yet: the read fills it, as for a visitor.
    expect((await read('')).data).toMatchObject({ name: '张三' });
    expect(await read('李四')).toMatchObject({
      code: 500,
      data: null,
      msg: "The name on the certificate (张三) does not match the teacher's name entered (李四): please check",
    });
    expect((await read('李四', 'zh')).msg).toBe('证件上的姓名（张三）与填写的教师姓名（李四）不一致，请核对');
    // A reader that gives the number only (the local Tesseract, or a card read without its name).
    fake.state.ocr = 'noName';
    expect((await read('李四')).data).toEqual({ certificateType: '1', certificateNumber: number, name: null });
    // A name longer than any is refused by the schema, before anything is read.
    const up = await upload(t, 'card.jpg', await photo(856, 540));
    expect((await t.call('POST', '/ingore/ocr/baidu', { body: { url: up.data!.uploadId, teacherName: 'x'.repeat(51) } })).code).toBe(500);
    fake.state.ocr = 'read';
  });

  it('takes a new token when the vendor says the old one is invalid, and fails cleanly on wrong credentials', async () => {
    const face = baiduFace({ url: base, apiKey: 'ak', secretKey: 'wrong' });
    await expect(face.detect(await photo(300, 300))).rejects.toThrow(/token/);
  });
});

describe('configuration', () => {
  const config = (env: Record<string, string>) => readConfig(env, '/srv/museum');
  const real = { NODE_ENV: 'production', SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example', SMS_HTTP_KEY: 'k', ALLOW_SIMULATORS: 'payment,wechat' };

  it('refuses the local face check in production unless ALLOW_SIMULATORS names it', () => {
    expect(() => config(real)).toThrow(/face \(FACE_PROVIDER=local\)/);
    expect(config({ ...real, ALLOW_SIMULATORS: 'payment,wechat,face' }).face).toEqual({ provider: 'local' });
    const baidu = config({ ...real, FACE_PROVIDER: 'baidu', OCR_PROVIDER: 'baidu', BAIDU_API_KEY: 'ak', BAIDU_SECRET_KEY: 'sk' });
    expect(baidu.face).toEqual({ provider: 'baidu', baidu: { url: 'https://aip.baidubce.com', apiKey: 'ak', secretKey: 'sk' } });
    expect(baidu.simulators).toEqual(['payment', 'wechat']);
    expect(() => config({ FACE_PROVIDER: 'baidu' })).toThrow(ConfigError);
    expect(() => config({ OCR_PROVIDER: 'tesseract' })).toThrow(/OCR_PROVIDER/);
    expect(config({}).ocr).toEqual({ provider: 'none' });
  });

  it('runs the local check without a detector when its packages are not installed', async () => {
    expect(await loadFaceDetector('/nonexistent')).toBeNull();
    expect(await loadLocalOcr('/nonexistent')).toBeNull();
    const local = localFace(null);
    expect(local.detects).toBe(false);
    expect(await local.detect(await blank(300, 300))).toEqual([]);
  });
});

/** The local readers, from the project's own dependencies: @vladmandic/face-api with its
 * bundled models on TensorFlow.js's CPU backend, and tesseract.js with @tesseract.js-data/eng. */
describe('the local face detector and OCR', () => {
  const dir = process.cwd();
  it('reads the number printed on a card, and nothing from noise', async () => {
    const number = idCard('1990-03-07', '451');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540"><rect width="100%" height="100%" fill="#f4f1e8"/>
      <text x="60" y="120" font-size="36" font-family="sans-serif">Name ZHANG SAN</text>
      <text x="60" y="460" font-size="40" font-family="monospace">${number}</text></svg>`;
    const ocr = (await loadLocalOcr(dir))!;
    expect(await ocr.read(await sharp(Buffer.from(svg)).png().toBuffer())).toEqual({ certificateType: '1', certificateNumber: number, name: null });
    expect(await ocr.read(await photo(856, 540))).toBeNull();
  }, 60_000);

  it('finds one face in a portrait and none in noise', async () => {
    const detector = await loadFaceDetector(dir);
    expect(detector).not.toBeNull();
    const provider = localFace(detector);
    const sample = await sharp(`${dir}/node_modules/@vladmandic/face-api/demo/sample2.jpg`).toBuffer();
    expect((await provider.detect(sample)).filter((f) => f.probability >= 0.5)).toHaveLength(1);
    expect(await provider.detect(await photo(400, 400))).toEqual([]);
  }, 60_000);
});
