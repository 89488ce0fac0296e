/** Packages made and changed by an admin (docs/product.md §2.8): a new one is offered to visitors
 * at once at its parts' prices; a price change is for new orders only, an unpaid order keeps the
 * amount it was quoted; a package sold cannot move its parts to other halls; a stopped one is no
 * longer offered nor sold, its orders untouched. Wrong packages are refused by their reason in
 * zh and en; only an admin may, and each change is audited. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCatalogue } from '../../server/catalogue/export.ts';
import { importCatalogue } from '../../server/catalogue/import.ts';
import { DEMO_GATE } from '../../server/seed/accounts.ts';
import type { StaffHall } from '../../src/domain/catalogueRules.ts';
import type { PackageEdit, StaffPackages } from '../../src/domain/packageEdits.ts';
import type { TicketPackage } from '../../src/domain/types.ts';
import { OPEN_DAY } from './constants.ts';
import { asAdmin } from './asAdmin.ts';
import { idCard, makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let post: Awaited<ReturnType<typeof asAdmin>>['post'];
let NIGHT: PackageEdit;
let hallIds: Record<string, number>;
let phones = 0;

beforeAll(async () => {
  t = await makeApp({ captcha: 'off' });
  ({ token: admin, post } = await asAdmin(t));
  const halls = (await t.call<StaffHall[]>('GET', '/staff/catalogue/halls', { token: admin })).data;
  hallIds = Object.fromEntries(halls.map((h) => [h.key, h.hallId]));
  NIGHT = {
    key: 'night',
    name: { zh: '夜游套票', en: 'Night package' },
    intro: { zh: '<p>展厅与球幕</p>', en: '<p>The halls and the dome</p>' },
    hallId: hallIds.main,
    cinemaId: hallIds.cinema,
    admission: 3000,
    film: 2500,
    sort: 5,
    onSale: true,
  };
});
afterAll(async () => {
  await t?.close();
});

const listed = async () => (await t.call<StaffPackages>('GET', '/staff/catalogue/packages', { token: admin })).data;
const offered = async (lang: 'zh' | 'en' = 'en') => (await t.call<TicketPackage[]>('GET', `/pool/ingore/getPackages?queryDate=${OPEN_DAY}`, { lang })).data;

/** A visitor of her own places an order for two adults of the package (unpaid until she pays). */
async function order(pkg: TicketPackage) {
  const token = await t.tokenFor(`1370000${String(++phones).padStart(4, '0')}`);
  const placed = await t.call<{ orderId: number }>('POST', '/config/orderRule/placeOrder', {
    token,
    lang: 'en',
    body: {
      packageId: pkg.packageId,
      date: OPEN_DAY,
      admissionScheduleId: pkg.admission.sessions[0].hallScheduleId,
      filmScheduleId: pkg.film.sessions[0].hallScheduleId,
      visitors: [0, 1].map((i) => ({ userName: `王${'甲乙'[i]}`, certificate: '1', certificateInfo: idCard('1985-03-02', String(100 + phones * 2 + i)) })),
      captchaToken: '',
    },
  });
  const detail = async () =>
    (await t.call<{ amount: number; status: string }>('GET', `/order/OrderInfo/searchPersonOrder/${placed.data?.orderId}`, { token, lang: 'en' })).data;
  return { placed, detail };
}

describe('the packages editor', () => {
  it('a new package is offered to visitors at once; a price change is for new orders only, an unpaid order keeps its amount', async () => {
    const made = await post<{ packageId: number }>('/staff/catalogue/packages', NIGHT);
    expect(made.code, made.msg).toBe(200);
    const { packageId } = made.data;
    expect((await listed()).packages.find((p) => p.packageId === packageId)).toMatchObject({ ...NIGHT, sold: 0 });
    const pkg = (await offered()).find((p) => p.packageId === packageId)!;
    expect(pkg).toMatchObject({ name: 'Night package', price: 5500, admission: { hallName: 'Main exhibition hall' }, film: { hallName: 'Dome cinema' } });
    expect((await offered('zh')).find((p) => p.packageId === packageId)?.name).toBe('夜游套票');

    const first = await order(pkg);
    expect(first.placed.code, first.placed.msg).toBe(200);
    expect(await first.detail()).toMatchObject({ amount: 11000, status: 'toBePaid' });
    expect((await listed()).packages.find((p) => p.packageId === packageId)?.sold).toBe(2);

    const changed = await post(`/staff/catalogue/packages/${packageId}`, { ...NIGHT, admission: 4000, film: 2000, name: { zh: '夜游', en: 'Night visit' } });
    expect(changed.code, changed.msg).toBe(200);
    // The unpaid order keeps the amount it was quoted; a new one pays the new price.
    expect(await first.detail()).toMatchObject({ amount: 11000, status: 'toBePaid' });
    const now = (await offered()).find((p) => p.packageId === packageId)!;
    expect(now).toMatchObject({ name: 'Night visit', price: 6000 });
    const second = await order(now);
    expect(second.placed.code, second.placed.msg).toBe(200);
    expect((await second.detail()).amount).toBe(12000);

    const audits = await t.db.query<{ action: string }>(`SELECT action FROM staff_audit WHERE subject = 'package:night' ORDER BY id`);
    expect(audits.map((a) => a.action)).toEqual(['createPackage', 'updatePackage']);
  });

  it('a stopped package is no longer offered nor sold; its orders stay as they are; it sells again once on sale', async () => {
    const made = await post<{ packageId: number }>('/staff/catalogue/packages', { ...NIGHT, key: 'late', name: { zh: '晚场套票', en: 'Late package' } });
    expect(made.code, made.msg).toBe(200);
    const pkg = (await offered()).find((p) => p.packageId === made.data.packageId)!;
    const sold = await order(pkg);
    expect(sold.placed.code, sold.placed.msg).toBe(200);

    const body = { ...NIGHT, key: 'late', name: { zh: '晚场套票', en: 'Late package' }, onSale: false };
    expect((await post(`/staff/catalogue/packages/${made.data.packageId}`, body)).code).toBe(200);
    expect((await offered()).some((p) => p.packageId === made.data.packageId)).toBe(false);
    const refused = await order(pkg);
    expect(refused.placed.msg).toBe('This package is no longer on sale');
    expect(await sold.detail()).toMatchObject({ amount: 11000, status: 'toBePaid' });
    expect((await listed()).packages.find((p) => p.packageId === made.data.packageId)).toMatchObject({ onSale: false, sold: 2 });
    // The museum's catalogue file keeps it stopped: exported, it says so; imported again, it stays so.
    const file = await t.db.tx((q) => exportCatalogue(q));
    expect(file.packages.find((p) => p.key === 'late')).toMatchObject({ onSale: false });
    await t.db.tx((q) => importCatalogue(q, file, { now: t.now() }));
    expect((await offered()).some((p) => p.packageId === made.data.packageId)).toBe(false);

    expect((await post(`/staff/catalogue/packages/${made.data.packageId}`, { ...body, onSale: true })).code).toBe(200);
    expect((await offered()).some((p) => p.packageId === made.data.packageId)).toBe(true);
  });

  it('a package that cannot be is refused with its reason in zh and en, and nothing changes', async () => {
    const made = await post<{ packageId: number }>('/staff/catalogue/packages', { ...NIGHT, key: 'moon', name: { zh: '月光套票', en: 'Moon package' } });
    expect(made.code, made.msg).toBe(200);
    const moon = `/staff/catalogue/packages/${made.data.packageId}`;
    const moonBody = { ...NIGHT, key: 'moon', name: { zh: '月光套票', en: 'Moon package' } };
    expect((await order((await offered()).find((p) => p.packageId === made.data.packageId)!)).placed.code).toBe(200);
    // A closed exhibition hall, made as an admin makes one.
    const main = (await t.call<StaffHall[]>('GET', '/staff/catalogue/halls', { token: admin })).data.find((h) => h.key === 'main')!;
    const { hallId: _, facts: __, ...mainEdit } = main;
    const closed = await post<{ hallId: number }>('/staff/catalogue/halls', { ...mainEdit, key: 'annex', name: { zh: '附馆', en: 'Annex' }, closed: true });
    expect(closed.code, closed.msg).toBe(200);

    const before = await listed();
    const fresh = { ...NIGHT, key: 'fresh', name: { zh: '新套票', en: 'Fresh package' } };
    const refusals: Array<[string, unknown, string, string]> = [
      ['/staff/catalogue/packages', { ...fresh, key: 'moon' }, '套票代码已被使用', 'This package code is taken'],
      [moon, { ...moonBody, key: 'moon2' }, '套票代码建立后不能修改', 'A package code cannot change once the package exists'],
      ['/staff/catalogue/packages/999999', fresh, '套票不存在', 'The package does not exist'],
      ['/staff/catalogue/packages', { ...fresh, name: { zh: '月光套票', en: 'Another' } }, '已有同名套票', 'A package of this name exists'],
      [
        '/staff/catalogue/packages',
        { ...fresh, hallId: hallIds.cinema2 },
        '入馆部分须为展馆，不能是球幕影院',
        'The admission part is of an exhibition hall, not a dome cinema',
      ],
      ['/staff/catalogue/packages', { ...fresh, cinemaId: hallIds.temporary }, '影片部分须为球幕影院', 'The film part is of a dome cinema'],
      ['/staff/catalogue/packages', { ...fresh, hallId: 999999 }, '场馆不存在', 'The hall does not exist'],
      [
        '/staff/catalogue/packages',
        { ...fresh, hallId: closed.data.hallId },
        '该场馆已关闭：在售的套票不能包含它',
        'This hall is closed: a package on sale cannot include it',
      ],
      [
        moon,
        { ...moonBody, hallId: hallIds.temporary },
        '此套票已售出或待支付 2 份，场馆不能再改：请停售此套票，另建新套票',
        '2 of this package are sold or awaiting payment: its halls cannot change. Stop selling it and add a new package instead',
      ],
      [
        moon,
        { ...moonBody, cinemaId: hallIds.cinema2 },
        '此套票已售出或待支付 2 份，场馆不能再改：请停售此套票，另建新套票',
        '2 of this package are sold or awaiting payment: its halls cannot change. Stop selling it and add a new package instead',
      ],
    ];
    for (const [path, body, zh, en] of refusals) {
      expect((await post(path, body, 'zh')).msg, path).toBe(zh);
      expect((await post(path, body, 'en')).msg, path).toBe(en);
    }
    // A shape no package has is refused at the edge.
    expect((await post('/staff/catalogue/packages', { ...fresh, admission: -1 })).code).not.toBe(200);
    expect((await post('/staff/catalogue/packages', { ...fresh, name: { zh: ' ', en: 'x' } })).code).not.toBe(200);
    // A stopped package may include a closed hall; nothing sold, its halls may change.
    expect(
      (await post('/staff/catalogue/packages', { ...fresh, key: 'shut', name: { zh: '闭馆套票', en: 'Shut' }, hallId: closed.data.hallId, onSale: false }))
        .code,
    ).toBe(200);
    const after = await listed();
    expect(after.packages.filter((p) => p.key !== 'shut')).toEqual(before.packages);
    const shut = after.packages.find((p) => p.key === 'shut')!;
    const moved = await post(`/staff/catalogue/packages/${shut.packageId}`, {
      ...packageOf(shut),
      hallId: hallIds.temporary,
      cinemaId: hallIds.cinema2,
      onSale: true,
    });
    expect(moved.code, moved.msg).toBe(200);
    expect((await offered()).find((p) => p.packageId === shut.packageId)).toMatchObject({ admission: { hallName: 'Short-term exhibition hall' } });
  });

  it('only an admin lists and edits packages: gate staff, visitors and teams are refused', async () => {
    const gate = (await t.call('POST', '/staff/login', { body: DEMO_GATE })).data.token;
    const visitor = await t.tokenFor('13700000902');
    const team = await t.tokenFor('13700000903', 'team');
    const before = await listed();
    expect((await t.call('GET', '/staff/catalogue/packages', { token: gate })).code).toBe(403);
    expect((await post('/staff/catalogue/packages', { ...NIGHT, key: 'nope', name: { zh: '不行', en: 'Nope' } }, 'en', gate)).code).toBe(403);
    for (const token of [gate, visitor, team]) {
      expect((await t.call('GET', '/staff/catalogue/packages', { token })).code).not.toBe(200);
      expect((await post('/staff/catalogue/packages', { ...NIGHT, key: 'nope', name: { zh: '不行', en: 'Nope' } }, 'en', token)).code).not.toBe(200);
      expect((await post(`/staff/catalogue/packages/${before.packages[0].packageId}`, { ...NIGHT, admission: 1 }, 'en', token)).code).not.toBe(200);
    }
    expect(await listed()).toEqual(before);
  });
});

const packageOf = ({ packageId: _, sold: __, ...edit }: StaffPackages['packages'][number]): PackageEdit => edit;
