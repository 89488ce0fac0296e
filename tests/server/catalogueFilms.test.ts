/** A dome's films made and changed by an admin (docs/product.md §2.8): a poster uploaded is
 * checked by its bytes (an image, jpg, png or webp, large enough), scaled, and served to anyone;
 * a film with it shows in a visitor's list of a dome's sessions at once; wrong films are refused
 * by their reason in zh and en; only an admin may, and each change is audited. */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GATE } from '../../server/seed/accounts.ts';
import type { StaffFilm } from '../../src/domain/films.ts';
import { STARS_FILM } from '../catalogue.fixtures.ts';
import { OPEN_DAY } from './constants.ts';
import { asAdmin, type Answer } from './asAdmin.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let post: Awaited<ReturnType<typeof asAdmin>>['post'];
let sessionOn: Awaited<ReturnType<typeof asAdmin>>['sessionOn'];

beforeAll(async () => {
  t = await makeApp({ captcha: 'off' });
  ({ token: admin, post, sessionOn } = await asAdmin(t));
});
afterAll(async () => {
  await t?.close();
});

const films = async () => (await t.call<StaffFilm[]>('GET', '/staff/catalogue/films', { token: admin })).data;

/** A poster sent as the console's file picker sends it (one multipart field "file"). */
async function sendPoster(bytes: Buffer, lang: 'zh' | 'en' = 'en', token = admin): Promise<Answer<{ poster: string; width: number; height: number } | null>> {
  const boundary = '----poster';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="poster.png"\r\nContent-Type: image/png\r\n\r\n`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/prod-api/staff/catalogue/films/poster',
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, language: lang === 'zh' ? 'zh_cn' : 'en_us', authorization: `Bearer ${token}` },
  });
  return res.json();
}
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1e3a8a' } })
    .png()
    .toBuffer();
const posters = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM film_posters'))[0].n;

const STARS = STARS_FILM;

describe("a dome's films", () => {
  it("a poster is scaled and served; a film with it shows in the visitor's sessions of the dome at once; a change too", async () => {
    const sent = await sendPoster(await png(1000, 1500));
    expect(sent.code, sent.msg).toBe(200);
    expect(sent.data).toMatchObject({ width: 720, height: 1080, poster: expect.stringMatching(/^\/prod-api\/films\/posters\/[\w-]{24}\.jpg$/) });
    const image = await t.app.inject({ method: 'GET', url: sent.data!.poster });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 720, height: 1080 });

    const made = await post<{ filmId: number }>('/staff/catalogue/films', { ...STARS, poster: sent.data!.poster });
    expect(made.code, made.msg).toBe(200);
    const { filmId } = made.data;
    // The demo dome shows it in an evening session (a template applied to OPEN_DAY).
    const halls = (await t.call<Array<{ hallId: number; key: string }>>('GET', '/staff/catalogue/halls', { token: admin })).data;
    const hallId = halls.find((h) => h.key === 'cinema')!.hallId;
    await sessionOn(hallId, OPEN_DAY, { beginTime: '19:00', endTime: '19:40', capacity: 0, filmId });
    const token = await t.tokenFor('13700000401');
    const shown = async (lang: 'zh' | 'en') =>
      (await t.call('GET', `/pool/getScheduleByHallId?hallId=${hallId}&queryDate=${OPEN_DAY}`, { token, lang })).data.find(
        (s: { beginTime: string }) => s.beginTime === '19:00',
      ).film;
    expect(await shown('en')).toMatchObject({ filmId, name: 'Among the Stars', durationMin: 35, poster: sent.data!.poster, ageMin: 6 });
    expect((await shown('zh')).name).toBe('星河漫游');
    expect((await films()).find((f) => f.filmId === filmId)).toMatchObject({ key: 'stars', comingSessions: 1 });

    const changed = await post(`/staff/catalogue/films/${filmId}`, {
      ...STARS,
      poster: sent.data!.poster,
      name: { zh: '星河', en: 'Starlight' },
      durationMin: 40,
    });
    expect(changed.code, changed.msg).toBe(200);
    expect(await shown('en')).toMatchObject({ name: 'Starlight', durationMin: 40 });
    const audits = await t.db.query<{ action: string }>(`SELECT action FROM staff_audit WHERE subject = 'film:stars' ORDER BY id`);
    expect(audits.map((a) => a.action)).toEqual(['createFilm', 'updateFilm']);
  });

  it('a poster that is no image, no poster format or too small is refused by its bytes, in zh and en; nothing is kept', async () => {
    const before = await posters();
    const cases: Array<[Buffer, string, string]> = [
      [Buffer.from('not an image at all, whatever its name says'), '海报须为 jpg、png 或 webp 图片', 'A poster is a jpg, png or webp image'],
      [
        await sharp({ create: { width: 400, height: 600, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
        '海报须为 jpg、png 或 webp 图片',
        'A poster is a jpg, png or webp image',
      ],
      [(await png(800, 1200)).subarray(0, 200), '海报须为 jpg、png 或 webp 图片', 'A poster is a jpg, png or webp image'],
      [await png(200, 300), '海报至少 240×320 像素', 'A poster is at least 240×320 pixels'],
    ];
    for (const [bytes, zh, en] of cases) {
      expect((await sendPoster(bytes, 'zh')).msg).toBe(zh);
      expect((await sendPoster(bytes, 'en')).msg).toBe(en);
    }
    expect(await posters()).toBe(before);
  });

  it('a film that cannot be is refused with its reason, and nothing changes', async () => {
    const made = await post<{ filmId: number }>('/staff/catalogue/films', { ...STARS, key: 'moon' });
    expect(made.code, made.msg).toBe(200);
    const before = await films();
    const refusals: Array<[string, unknown, string, string]> = [
      ['/staff/catalogue/films', { ...STARS, key: 'moon' }, '影片代码已被使用', 'This film code is taken'],
      ['/staff/catalogue/films', { ...STARS, key: 'kids', ageMin: 12, ageMax: 6 }, '适合年龄上限不能小于下限', 'The oldest age cannot be below the youngest'],
      [`/staff/catalogue/films/${made.data.filmId}`, { ...STARS, key: 'moon2' }, '影片代码建立后不能修改', 'A film code cannot change once the film exists'],
      ['/staff/catalogue/films/999999', STARS, '影片不存在', 'The film does not exist'],
    ];
    for (const [path, body, zh, en] of refusals) {
      expect((await post(path, body, 'zh')).msg, path).toBe(zh);
      expect((await post(path, body, 'en')).msg, path).toBe(en);
    }
    // A shape no film has is refused at the edge.
    expect((await post('/staff/catalogue/films', { ...STARS, key: 'x', durationMin: 0, poster: 'javascript:alert(1)' })).code).toBe(500);
    expect(await films()).toEqual(before);
  });

  it('only an admin edits films and uploads posters: other staff, visitors and teams are refused', async () => {
    const gate = (await t.call('POST', '/staff/login', { body: DEMO_GATE })).data.token;
    const visitor = await t.tokenFor('13700000402');
    const team = await t.tokenFor('13700000403', 'team');
    const before = await posters();
    expect((await t.call('GET', '/staff/catalogue/films', { token: gate })).code).toBe(403);
    expect((await sendPoster(await png(400, 600), 'en', gate)).code).toBe(403);
    for (const token of [gate, visitor, team]) {
      expect((await t.call('GET', '/staff/catalogue/films', { token })).code).not.toBe(200);
      expect((await post('/staff/catalogue/films', { ...STARS, key: 'nope' }, 'en', token)).code).not.toBe(200);
      expect((await sendPoster(await png(400, 600), 'en', token)).code).not.toBe(200);
    }
    expect((await films()).some((f) => f.key === 'nope')).toBe(false);
    expect(await posters()).toBe(before);
  });
});
