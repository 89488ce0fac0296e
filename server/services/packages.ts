/** Packages (SPEC §2 select/packageAddSure): admission and a dome film at one price, bought
 * as one order. Each visitor gets a ticket in both sessions at the package's part prices;
 * every order rule of each hall applies, both sessions' stock is taken in one transaction
 * (session id order, as every stock move locks), and the film's seats are assigned together. */
import type { AppDeps } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { fail } from '../http.ts';
import type { PackageOrderBody } from '../../src/domain/contracts.ts';
import { freeChildPerAdult } from '../../src/domain/orderRules.ts';
import { checkPackage, PACKAGE_MESSAGES, type PackageDraft } from '../../src/domain/packages.ts';
import type { Lang } from '../../src/domain/text.ts';
import type { PlaceOrderResult, TicketPackage } from '../../src/domain/types.ts';
import { museumDate } from '../time.ts';
import { cinemaSessions } from './cinema.ts';
import { bookableSession, insertOrder, lockBuyer, ORDER_TEXTS, passRiskAndCaptcha, refuseUnpaid } from './orders.ts';
import { riskEnabled } from './risk.ts';
import { minutes } from './settings.ts';
import { hallPools, hallRules, loadHalls, remainingOf, ticketPrice, type PriceRow } from './pool.ts';
import { seatsForParty } from './seats.ts';
import { takeSold } from './stock.ts';

interface PackageRow {
  id: number;
  name_zh: string;
  name_en: string;
  intro_zh: string;
  intro_en: string;
  admission_price_id: number;
  film_price_id: number;
}

async function packageParts(q: Queryable, where: string, params: unknown[]) {
  const rows = await q.query<PackageRow>(`SELECT * FROM packages ${where} ORDER BY sort, id`, params);
  const prices = await q.query<PriceRow>('SELECT * FROM ticket_prices WHERE package_only');
  const halls = await loadHalls(q);
  return rows.map((p) => {
    const admission = prices.find((x) => x.id === p.admission_price_id)!;
    const film = prices.find((x) => x.id === p.film_price_id)!;
    return { row: p, admission, film, admissionHall: halls.find((h) => h.id === admission.hall_id)!, filmHall: halls.find((h) => h.id === film.hall_id)! };
  });
}

const pricePool = (p: PriceRow, lang: Lang) => {
  const t = ticketPrice(p);
  return { ticketPriceId: t.ticketPriceId, name: t.name[lang], kind: t.kind, price: t.price, ageMin: t.ageMin, ageMax: t.ageMax, isChildFreeTicket: t.isChildFreeTicket };
};

/** getPackages: the packages with the day's sessions of both parts. */
export async function listPackages(q: Queryable, date: string, now: Date, lang: Lang): Promise<TicketPackage[]> {
  const pools = await hallPools(q, date, now, lang);
  const out: TicketPackage[] = [];
  for (const p of await packageParts(q, '', [])) {
    const pool = pools.find((h) => h.hallId === p.admissionHall.id)!;
    const films = await cinemaSessions(q, p.filmHall.id, date, now, lang);
    out.push({
      packageId: p.row.id,
      name: lang === 'en' ? p.row.name_en : p.row.name_zh,
      intro: lang === 'en' ? p.row.intro_en : p.row.intro_zh,
      price: p.admission.price + p.film.price,
      admission: {
        rules: hallRules(p.admissionHall),
        hallName: pool.name,
        price: pricePool(p.admission, lang),
        sessions: pool.scheduleTicketPoolVOS.map((s) => ({ ...s, priceTicketPoolVOS: [pricePool(p.admission, lang)] })),
      },
      film: {
        rules: hallRules(p.filmHall),
        hallName: lang === 'en' ? p.filmHall.name_en : p.filmHall.name_zh,
        price: pricePool(p.film, lang),
        sessions: films.map((s) => ({ ...s, priceTicketPoolVOS: [pricePool(p.film, lang)] })),
      },
    });
  }
  return out;
}

/** placeOrder with packageId. */
export async function placePackageOrder(deps: AppDeps, userId: number, body: PackageOrderBody, lang: Lang): Promise<PlaceOrderResult> {
  const now = deps.clock();
  const [p] = await packageParts(deps.db, 'WHERE id = $1', [body.packageId]);
  if (!p) throw fail(PACKAGE_MESSAGES.notFound);
  const admission = await bookableSession(deps.db, body.admissionScheduleId, now, body.date);
  const film = await bookableSession(deps.db, body.filmScheduleId, now, body.date);
  if (admission.hall.id !== p.admissionHall.id || film.hall.id !== p.filmHall.id) throw fail(ORDER_TEXTS.notSelectable);

  const draft: PackageDraft = {
    visitDate: body.date,
    admissionScheduleId: admission.schedule.id,
    filmScheduleId: film.schedule.id,
    visitors: body.visitors.map((v) => ({ name: v.userName.trim(), certificateType: v.certificate, certificateNumber: v.certificateInfo.trim().toUpperCase() })),
    agreementAccepted: true,
    captchaToken: body.captchaToken || (deps.config.captcha === 'off' ? 'captcha-off' : null),
  };
  const context = (s: typeof admission, price: PriceRow) => ({
    hall: hallRules(s.hall),
    prices: [ticketPrice(price)],
    remaining: remainingOf(s.schedule),
    freeChildPerAdult: freeChildPerAdult(s.config, s.hall.hall_key),
  });
  const pkg = (await listPackages(deps.db, body.date, now, lang)).find((x) => x.packageId === p.row.id)!;
  const violations = checkPackage(draft, { admission: context(admission, p.admission), film: context(film, p.film) }, pkg, 'submit', museumDate(now));
  if (violations.length > 0) throw fail(violations[0].message);

  const config = admission.config;
  return deps.db.tx(async (q) => {
    await lockBuyer(q, userId, now);
    await refuseUnpaid(q, userId);
    const refused = await passRiskAndCaptcha(q, deps, config, userId, now, body.captchaToken, lang);
    if (refused) return refused;
    const n = draft.visitors.length;
    for (const s of [admission, film].sort((a, b) => a.schedule.id - b.schedule.id)) {
      if (!(await takeSold(q, s.schedule.id, n))) throw fail(ORDER_TEXTS.soldOut);
    }
    const seats = await seatsForParty(
      q,
      film.hall,
      film.schedule.id,
      draft.visitors.map(() => undefined),
      draft.visitors.map(() => false),
    );
    const ticket = (v: PackageDraft['visitors'][number], price: PriceRow, scheduleId: number, seat: (typeof seats)[number]) => ({
      priceId: price.id,
      userName: v.name,
      certificateType: v.certificateType,
      certificateInfo: v.certificateNumber,
      nameZh: price.name_zh,
      nameEn: price.name_en,
      price: price.price,
      scheduleId,
      seat,
    });
    const tickets = [
      ...draft.visitors.map((v) => ticket(v, p.admission, admission.schedule.id, null)),
      ...draft.visitors.map((v, i) => ticket(v, p.film, film.schedule.id, seats[i])),
    ];
    const orderId = await insertOrder(q, userId, now, minutes(config, 'person_pay_hold_period', 15), tickets, admission.hall.id, body.date);
    return { orderId, riskEnable: riskEnabled(config), riskPolicy: 1, riskPrompt: null };
  });
}
