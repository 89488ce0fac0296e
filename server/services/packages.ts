/** Packages (docs/product.md §2 select/packageAddSure): admission and a dome film at one price, bought
 * as one order. Each visitor gets a ticket in both sessions at the package's part prices;
 * every order rule of each hall applies, both sessions' stock is taken in one transaction
 * (session id order, as every stock move locks), and the film's seats are assigned together. */
import type { AppDeps } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { fail, refusal } from '../http.ts';
import type { PackageOrderBody } from '../../src/domain/contracts.ts';
import { checkPackage, PACKAGE_MESSAGES, packageContexts, type PackageDraft } from '../../src/domain/packages.ts';
import type { Lang } from '../../src/domain/text.ts';
import type { PlaceOrderResult, SchedulePool, TicketPackage } from '../../src/domain/types.ts';
import { museumDate } from '../time.ts';
import { filmsOn, withFilms } from './cinema.ts';
import { insertOrder, lockBuyer, passRiskAndCaptcha, refuseUnpaid } from './orders.ts';
import { ORDER_TEXTS } from './orderTexts.ts';
import { riskEnabled } from './risk.ts';
import { minutes } from './settings.ts';
import { catalogOf } from './catalog.ts';
import { hallPools, hallRules, loadHalls, pricePoolOf, type PriceRow } from './pool.ts';
import { seatsForParty } from './seats.ts';
import { takeSold } from './stock.ts';

export interface PackageRow {
  id: number;
  package_key: string;
  name_zh: string;
  name_en: string;
  intro_zh: string;
  intro_en: string;
  admission_price_id: number;
  film_price_id: number;
  sort: number;
  /** Stopped by an admin (docs/product.md §2.8): no longer offered nor sold. */
  on_sale: boolean;
}

async function packageParts(q: Queryable, where: string, params: unknown[]) {
  const rows = await q.query<PackageRow>(`SELECT * FROM packages ${where} ORDER BY sort, id`, params);
  const prices = await q.query<PriceRow>('SELECT * FROM ticket_prices WHERE package_only');
  const halls = await loadHalls(q);
  // A package whose hall has closed since is not offered (the open halls only are loaded).
  return rows.flatMap((p) => {
    const admission = prices.find((x) => x.id === p.admission_price_id)!;
    const film = prices.find((x) => x.id === p.film_price_id)!;
    const admissionHall = halls.find((h) => h.id === admission.hall_id);
    const filmHall = halls.find((h) => h.id === film.hall_id);
    return admissionHall && filmHall ? [{ row: p, admission, film, admissionHall, filmHall }] : [];
  });
}

type Parts = Awaited<ReturnType<typeof packageParts>>;

/** getPackages: the packages with the day's sessions of both parts (one reading of the day's
 * pool and films, whatever the number of packages). */
export async function listPackages(q: Queryable, date: string, now: Date, lang: Lang, parts?: Parts): Promise<TicketPackage[]> {
  const pools = await hallPools(q, date, now, lang);
  const films = await filmsOn(q, date, lang);
  const poolOf = (hallId: number) => pools.find((h) => h.hallId === hallId)!;
  return (parts ?? (await packageParts(q, 'WHERE on_sale', []))).map((p) => {
    const admission = pricePoolOf(p.admission, lang);
    const film = pricePoolOf(p.film, lang);
    const admissionPool = poolOf(p.admissionHall.id);
    const filmPool = poolOf(p.filmHall.id);
    return {
      packageId: p.row.id,
      name: lang === 'en' ? p.row.name_en : p.row.name_zh,
      intro: lang === 'en' ? p.row.intro_en : p.row.intro_zh,
      price: admission.price + film.price,
      admission: {
        rules: hallRules(p.admissionHall),
        hallName: admissionPool.name,
        price: admission,
        sessions: admissionPool.scheduleTicketPoolVOS.map((s) => ({ ...s, priceTicketPoolVOS: [admission] })),
      },
      film: {
        rules: hallRules(p.filmHall),
        hallName: filmPool.name,
        price: film,
        sessions: withFilms(filmPool, films).map((s) => ({ ...s, priceTicketPoolVOS: [film] })),
      },
    };
  });
}

/** The chosen session of a part, refused (with the pool's reason) unless it is on sale now;
 * sold out is the stock update's to refuse. */
function chosenSession<S extends SchedulePool>(sessions: S[], scheduleId: number): S {
  const session = sessions.find((s) => s.hallScheduleId === scheduleId);
  if (!session) throw fail(ORDER_TEXTS.notSelectable);
  if (session.state !== 'available' && session.state !== 'soldOut') {
    throw fail(session.disabledText ? { zh: session.disabledText, en: session.disabledText } : ORDER_TEXTS.notSelectable);
  }
  return session;
}

/** placeOrder with packageId. */
export async function placePackageOrder(deps: AppDeps, userId: number, body: PackageOrderBody, lang: Lang): Promise<PlaceOrderResult> {
  const now = deps.clock();
  const [stopped] = await deps.db.query('SELECT 1 FROM packages WHERE id = $1 AND NOT on_sale', [body.packageId]);
  if (stopped) throw fail(PACKAGE_MESSAGES.offSale);
  const parts = await packageParts(deps.db, 'WHERE id = $1', [body.packageId]);
  if (parts.length === 0) throw fail(PACKAGE_MESSAGES.notFound);
  const [p] = parts;
  const [pkg] = await listPackages(deps.db, body.date, now, lang, parts);
  const admission = chosenSession(pkg.admission.sessions, body.admissionScheduleId);
  const film = chosenSession(pkg.film.sessions, body.filmScheduleId);

  const draft: PackageDraft = {
    visitDate: body.date,
    admissionScheduleId: admission.hallScheduleId,
    filmScheduleId: film.hallScheduleId,
    visitors: body.visitors.map((v) => ({
      name: v.userName.trim(),
      certificateType: v.certificate,
      certificateNumber: v.certificateInfo.trim().toUpperCase(),
    })),
    agreementAccepted: true,
    captchaToken: body.captchaToken || (deps.config.captcha === 'off' ? 'captcha-off' : null),
  };
  // The same rules as the client's guard, on the day's figures read now.
  const violations = checkPackage(draft, packageContexts(pkg, admission.hallScheduleId, film.hallScheduleId), pkg, 'submit', museumDate(now));
  if (violations.length > 0) throw refusal(violations[0].message, violations[0].rule);

  const config = await catalogOf(deps).config(deps.db);
  return deps.db.tx(async (q) => {
    await lockBuyer(q, userId, now, config);
    const ordersToday = await refuseUnpaid(q, userId, now);
    const refused = await passRiskAndCaptcha(q, deps, config, userId, now, body.captchaToken, lang, ordersToday);
    if (refused) return refused;
    const n = draft.visitors.length;
    for (const id of [admission.hallScheduleId, film.hallScheduleId].sort((a, b) => a - b)) {
      if (!(await takeSold(q, id, n))) throw fail(ORDER_TEXTS.soldOut);
    }
    const seats = await seatsForParty(
      q,
      p.filmHall,
      film.hallScheduleId,
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
      ...draft.visitors.map((v) => ticket(v, p.admission, admission.hallScheduleId, null)),
      ...draft.visitors.map((v, i) => ticket(v, p.film, film.hallScheduleId, seats[i])),
    ];
    const orderId = await insertOrder(q, {
      userId,
      now,
      holdMinutes: minutes(config, 'person_pay_hold_period', 15),
      tickets,
      hallId: p.admissionHall.id,
      visitDate: body.date,
      lang,
    });
    return { orderId, riskEnable: riskEnabled(config), riskPolicy: 1, riskPrompt: null };
  });
}
