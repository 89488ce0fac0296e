/** Packages (docs/product.md §2 select/packageAddSure): admission to an exhibition hall and a dome film
 * at one price. Each visitor gets two tickets, one per session, and every order rule of each
 * hall applies to its part (checkOrder, as for a single-hall order). */
import { checkOrder } from './orderRules.ts';
import type { Text } from './text.ts';
import type { OrderContext, OrderDraft, PackagePart, TicketPackage, Violation, VisitorDraft } from './types.ts';

export const PACKAGE_MESSAGES = {
  sessions: { zh: '请选择入馆场次和影片场次', en: 'Please choose an admission time and a film' },
  notFound: { zh: '套票不存在', en: 'This package does not exist' },
  offSale: { zh: '该套票已停售', en: 'This package is no longer on sale' },
} as const satisfies Record<string, Text>;

/** A package order as the form holds it: two sessions, the visitors (no ticket types). */
export interface PackageDraft {
  visitDate: string;
  admissionScheduleId: number | null;
  filmScheduleId: number | null;
  visitors: Array<Omit<VisitorDraft, 'ticketPriceId'>>;
  agreementAccepted: boolean;
  captchaToken: string | null;
}

/** The order draft of one part: the visitors with the part's price. */
export function partDraft(d: PackageDraft, part: 'admission' | 'film', pkg: TicketPackage): OrderDraft {
  const p = pkg[part];
  return {
    visitDate: d.visitDate,
    hallId: p.rules.hallId,
    hallScheduleId: part === 'admission' ? d.admissionScheduleId : d.filmScheduleId,
    visitors: d.visitors.map((v) => ({ ...v, ticketPriceId: p.price.ticketPriceId })),
    agreementAccepted: d.agreementAccepted,
    captchaToken: d.captchaToken,
  };
}

/** Every broken rule of both parts, admission first; one message per rule. */
export function checkPackage(
  d: PackageDraft,
  contexts: Record<'admission' | 'film', OrderContext>,
  pkg: TicketPackage,
  stage: 'visitors' | 'submit',
  today?: string,
): Violation[] {
  if (d.admissionScheduleId === null || d.filmScheduleId === null) return [{ rule: 'sessionRequired', message: PACKAGE_MESSAGES.sessions }];
  const admission = checkOrder(partDraft(d, 'admission', pkg), contexts.admission, stage, today);
  const film = checkOrder(partDraft(d, 'film', pkg), contexts.film, stage, today);
  // A visitor's own field breaks the same rule in both parts: say it once.
  const key = (v: Violation) => `${v.rule}:${v.field?.index ?? ''}:${v.message.en}`;
  const said = new Set(admission.map(key));
  return [...admission, ...film.filter((v) => !said.has(key(v)))];
}

/** The order rules' context of each part from the package as the client has it: the part's
 * hall rules and price, and the chosen session's remaining stock (0 when none is chosen). */
export function packageContexts(
  pkg: TicketPackage,
  admissionScheduleId: number | null,
  filmScheduleId: number | null,
): Record<'admission' | 'film', OrderContext> {
  const of = (part: PackagePart, scheduleId: number | null): OrderContext => ({
    hall: part.rules,
    prices: [{ ...part.price, name: { zh: part.price.name, en: part.price.name } }],
    remaining: part.sessions.find((s) => s.hallScheduleId === scheduleId)?.ticketPool ?? 0,
    freeChildPerAdult: 0,
  });
  return { admission: of(pkg.admission, admissionScheduleId), film: of(pkg.film, filmScheduleId) };
}
