/** A visitor's face photo in the browser, zh and en, once an admin has turned face photos on
 * (face_enable in the staff settings): on the add-visitor card a GIF is refused before anything
 * goes up, a photo too small is refused by the server after the portrait agreement, a good one
 * is checked, bound and shown; on the frequent visitor's form the bound portrait shows and is
 * deleted; the ID card scan, on a server without an OCR provider, says it is unavailable. Every
 * refusal where the eye is, tap targets of 44 px, no sideways scroll. */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { loginByApi, mainlandId, newPhone, shot } from './helpers.ts';
import { noSidewaysScroll, noWordBrokenMidWord, tapTarget, useLanguage, whereTheEyeIs } from './looks.ts';

const T = {
  zh: {
    next: '下一步',
    title: '人像照片',
    agreement: '人像采集协议',
    agree: '同意',
    small: '人像照片尺寸不能小于200×200像素',
    noFace: '人脸识别失败，请按要求重新上传',
    format: '仅支持 jpg、jpeg、png 格式的图片',
    bound: '已添加人像',
    album: '从相册选择',
    camera: '拍照',
    delete: '删除人像',
    certificateFirst: '请先填写该观众的证件信息',
    save: '保存',
    ocrUnavailable: '证件识别服务暂不可用，请手动填写',
  },
  en: {
    next: 'Next',
    title: 'Face photo',
    agreement: 'Portrait agreement',
    agree: 'I agree',
    small: 'The face photo must be at least 200×200 pixels',
    noFace: 'Face recognition failed: upload again as required',
    format: 'Only jpg, jpeg or png images are allowed',
    bound: 'Face photo added',
    album: 'From album',
    camera: 'Take a photo',
    delete: 'Delete the photo',
    certificateFirst: "Enter the visitor's certificate first",
    save: 'Save',
    ocrUnavailable: 'Certificate recognition is unavailable; please type the number',
  },
} as const;

const photo = async (width: number, height: number) => ({
  name: 'me.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width, height, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg()
    .toBuffer(),
});

const portrait = () => ({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: readFileSync('node_modules/@vladmandic/face-api/demo/sample2.jpg') });

/** The admin turns face photos and the ID card scan on, as the staff console's settings do. */
async function faceOn(page: Page) {
  const login = await page.request.post('/prod-api/staff/login', { data: { username: 'staff', password: 'Museum2026' } });
  const token = (await login.json()).data.token as string;
  for (const key of ['face_enable', 'ocr_enable']) {
    const set = await page.request.post('/prod-api/staff/settings/config', { data: { key, value: '1' }, headers: { authorization: `Bearer ${token}` } });
    expect((await set.json()).code).toBe(200);
  }
}

async function looksRight(page: Page) {
  await noSidewaysScroll(page);
  await noWordBrokenMidWord(page.locator('body'));
}

for (const lang of ['zh', 'en'] as const) {
  const L = T[lang];

  test(`a face photo added to a visitor, and deleted from the frequent visitor's form (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    await page.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));
    await faceOn(page);
    await loginByApi(page, newPhone());
    await page.goto('/individualCustomers/select/selectDate');
    await page.locator('.day--available').nth(1).click();
    await page.locator('[data-hall="main"] .session:not(.session--off)').first().click();
    await page.getByRole('button', { name: L.next }).click();
    const visitor = page.locator('.visitor').first();
    const face = visitor.locator('.face-photo');
    await expect(face.getByText(L.title, { exact: true })).toBeVisible();

    // The ID card scan: this server has no OCR provider (OCR_PROVIDER=none), and says so where the eye is.
    const scan = visitor.locator('.certificate-scan');
    await tapTarget(scan.locator('label.btn'));
    await scan.getByTestId('certificate-scan').setInputFiles(await photo(856, 540));
    await expect(scan.getByRole('alert')).toHaveText(L.ocrUnavailable);
    await whereTheEyeIs(page, scan.getByRole('alert'));
    await looksRight(page);
    await shot(page, lang, '154-ocr-unavailable');

    // Before the certificate: refused here, nothing sent.
    await face.getByTestId('face-album').setInputFiles(await photo(400, 500));
    await whereTheEyeIs(page, face.getByRole('alert'));
    await expect(face.getByRole('alert')).toHaveText(L.certificateFirst);

    const number = mainlandId('1990-03-07', String(Date.now()).slice(-3));
    await visitor.locator('input').first().fill('王芳');
    await visitor.locator('input').nth(1).fill(number);
    for (const name of [L.camera, L.album]) await tapTarget(face.locator('label.btn', { hasText: name }));

    // A GIF: refused by the upload rules in the browser.
    await face.getByTestId('face-album').setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(face.getByRole('alert')).toHaveText(L.format);

    // Too small: the agreement first, then the server's refusal under the photo.
    await face.getByTestId('face-album').setInputFiles(await photo(150, 150));
    const dialog = page.getByRole('dialog', { name: L.agreement });
    await expect(dialog).toBeVisible();
    await looksRight(page);
    await shot(page, lang, '150-face-agreement');
    await dialog.getByRole('button', { name: L.agree }).click();
    await expect(face.getByRole('alert')).toHaveText(L.small);
    await whereTheEyeIs(page, face.getByRole('alert'));
    await looksRight(page);
    await shot(page, lang, '151-face-refused');

    // No face in it (noise): the face detector refuses it.
    await face.getByTestId('face-camera').setInputFiles(await photo(400, 500));
    await dialog.getByRole('button', { name: L.agree }).click();
    await expect(face.getByRole('alert')).toHaveText(L.noFace);

    // A portrait (face-api's own sample photo, one frontal face): checked and bound, its picture shown.
    await face.getByTestId('face-camera').setInputFiles(portrait());
    await dialog.getByRole('button', { name: L.agree }).click();
    await expect(face.getByText(L.bound, { exact: true })).toBeVisible();
    await expect(face.locator('img.face-photo__thumb')).toBeVisible();
    await expect(face.getByRole('alert')).toHaveCount(0);
    await tapTarget(face.getByRole('button', { name: L.delete }));
    await looksRight(page);
    await shot(page, lang, '152-face-bound');

    // The frequent visitor with that certificate shows the portrait bound, and deletes it.
    await page.goto('/individualCustomers/personalCenter/addAudienceInformation');
    const form = page.locator('.card').first();
    await form.locator('input').first().fill('王芳');
    await form.locator('input').nth(1).fill(number);
    await page.getByRole('button', { name: L.save }).click();
    await expect(page).toHaveURL(/\/personalCenter\/topContacts$/);
    await page.locator('.contact-row').filter({ hasText: '王芳' }).first().click();
    await expect(page).toHaveURL(/\/editAudienceInformation\/\d+$/);
    const contactFace = page.locator('.face-photo');
    await expect(contactFace.getByText(L.bound, { exact: true })).toBeVisible();
    await looksRight(page);
    await shot(page, lang, '153-face-contact');
    await contactFace.getByRole('button', { name: L.delete }).click();
    await expect(contactFace.getByText(L.bound, { exact: true })).toHaveCount(0);
  });
}
