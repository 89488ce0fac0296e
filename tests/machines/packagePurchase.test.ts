import { createActor, fromPromise, waitFor, type EventFrom, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { packagePurchaseMachine } from '../../machines/packagePurchase.machine.ts';
import type { PlaceOrderAnswer } from '../../machines/purchase.machine.ts';
import { checkPackage, packageContexts, type PackageDraft } from '../../src/domain/packages.ts';
import type { HallRules, SchedulePool, TicketPackage } from '../../src/domain/types.ts';
import { ID_1, NAME, PLACED } from './purchase.fixtures.ts';
import { pathSuite } from './pathSuite.ts';
import { callsOf } from './outcomes.ts';
import type { PathModel } from './paths.ts';

const DAY = '2026-12-01';
const rules = (hallId: number, minAge: number | null): HallRules => ({
  hallId,
  hallKey: hallId === 1 ? 'main' : 'cinema',
  name: { zh: '馆', en: 'Hall' },
  minBuyers: 1,
  maxBuyers: 4,
  minAge,
  childAgeMin: null,
  childAgeMax: null,
  needsAdultAndChild: false,
});
const price = (id: number, amount: number) => ({
  ticketPriceId: id,
  name: 'Package',
  kind: 'adult' as const,
  price: amount,
  ageMin: null,
  ageMax: null,
  isChildFreeTicket: false,
});
const session = (id: number, state: SchedulePool['state'] = 'available'): SchedulePool => ({
  hallScheduleId: id,
  beginTime: '10:00',
  endTime: '11:00',
  capacity: 100,
  ticketPool: state === 'available' ? 50 : 0,
  state,
  disabled: state !== 'available',
  disabledText: null,
  releaseTime: null,
  priceTicketPoolVOS: [],
});
const PKG: TicketPackage = {
  packageId: 5,
  name: 'Exhibition and dome film',
  intro: '',
  price: 5500,
  admission: { rules: rules(1, null), hallName: 'Main hall', price: price(91, 2500), sessions: [session(11), session(12, 'soldOut')] },
  film: { rules: rules(4, 3), hallName: 'Dome', price: price(92, 3000), sessions: [{ ...session(41), film: null }] },
};

pathSuite('packagePurchase', [
  {
    name: 'a package order',
    machine: packagePurchaseMachine,
    input: { packageId: 5, date: DAY },
    generators: ['cover'],
    // Placed agreed, verified, both sessions chosen and every visitor under both halls' rules.
    outcome: (end) => {
      for (const { packageId, draft } of callsOf(end, 'placePackage') as Array<{ packageId: number; draft: PackageDraft }>) {
        expect(packageId).toBe(5);
        expect([draft.agreementAccepted, Boolean(draft.captchaToken)]).toEqual([true, true]);
        expect(checkPackage(draft, packageContexts(PKG, draft.admissionScheduleId, draft.filmScheduleId), PKG, 'submit')).toEqual([]);
      }
    },
    outcomes: {
      loadPackages: [{ output: [PKG] }, { output: [] }, { error: 'Network error' }],
      placePackage: [{ output: PLACED }, { output: { code: 502, msg: 'No order', data: null } }, { error: 'Venue sold out' }],
    },
    // Each field is offered only until it is set, so that the graph stays small.
    events: ((s: SnapshotFrom<typeof packagePurchaseMachine>) => {
      const c = s.context;
      const v = c.visitors[0];
      const out: EventFrom<typeof packagePurchaseMachine>[] = [
        { type: 'RETRY' },
        { type: 'SUBMIT' },
        { type: 'SLIDER.PASSED', token: 'captcha-1' },
        { type: 'SLIDER.CANCEL' },
      ];
      if (c.admissionScheduleId === null) out.push({ type: 'PICK_ADMISSION', scheduleId: 11 }, { type: 'PICK_ADMISSION', scheduleId: 12 });
      if (c.filmScheduleId === null) out.push({ type: 'PICK_FILM', scheduleId: 41 });
      if (v && v.name === '') out.push({ type: 'VISITOR.CHANGE', index: 0, field: 'name', value: NAME });
      if (v && v.certificateNumber === '') out.push({ type: 'VISITOR.CHANGE', index: 0, field: 'certificateNumber', value: ID_1 });
      if (v && v.certificateType === '1' && v.name === '') out.push({ type: 'VISITOR.TYPE', index: 0, value: '2' });
      if (c.visitors.length === 1 && v?.name === '') out.push({ type: 'VISITOR.ADD' });
      if (c.visitors.length === 2) out.push({ type: 'VISITOR.REMOVE', index: 1 });
      if (!c.agreementAccepted) out.push({ type: 'AGREEMENT.TOGGLE' });
      return out;
    }) as PathModel['events'],
  },
]);

describe('packagePurchase: behaviour', () => {
  it('asks for both sessions, then every visitor rule, then the agreement, and sends the draft', async () => {
    const sent: Array<{ packageId: number; draft: PackageDraft }> = [];
    const machine = packagePurchaseMachine.provide({
      actors: {
        loadPackages: fromPromise(async () => [PKG]),
        placePackage: fromPromise(async ({ input }) => (sent.push(input), PLACED as PlaceOrderAnswer)),
      },
    });
    const actor = createActor(machine, { input: { packageId: 5, date: DAY } }).start();
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.violations[0].message.en).toBe('Please choose an admission time and a film');
    actor.send({ type: 'PICK_ADMISSION', scheduleId: 12 });
    expect(actor.getSnapshot().context.admissionScheduleId).toBeNull();
    actor.send({ type: 'PICK_ADMISSION', scheduleId: 11 });
    actor.send({ type: 'PICK_FILM', scheduleId: 41 });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.violations.length).toBeGreaterThan(0);
    actor.send({ type: 'VISITOR.CHANGE', index: 0, field: 'name', value: NAME });
    actor.send({ type: 'VISITOR.CHANGE', index: 0, field: 'certificateNumber', value: ID_1.toLowerCase() });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error?.en).toMatch(/agreement/i);
    actor.send({ type: 'AGREEMENT.TOGGLE' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SLIDER.PASSED', token: 'captcha-1' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().context.orderId).toBe(PLACED.data!.orderId);
    expect(sent[0]).toMatchObject({
      packageId: 5,
      draft: { admissionScheduleId: 11, filmScheduleId: 41, captchaToken: 'captcha-1', visitors: [{ name: NAME, certificateNumber: ID_1 }] },
    });
  });
});
