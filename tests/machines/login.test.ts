import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { checkCode, checkPhone } from '../../src/domain/fields.ts';
import { CODE_COUNTDOWN_SECONDS } from '../../src/domain/limits.ts';
import { loginMachine, type LoginActorInput, type SendCodeInput } from '../../machines/login.machine.ts';
import { pathSuite } from './pathSuite.ts';
import { callsOf } from './outcomes.ts';
import type { PathModel } from './paths.ts';

const VALID_PHONE = '13800138000';
const INVALID_PHONE = '12345';

const outcomes: PathModel['outcomes'] = {
  sendCode: [{ output: true }, { error: '短信发送过于频繁' }],
  login: [{ output: { token: 't' } }, { error: 'Wrong verification code' }],
};

/** Every event case: valid and invalid phone, valid, invalid and too long code. A 2 s
 * countdown keeps the graph small (the 60 s one is checked below). */
const allCases: PathModel = {
  name: 'all cases',
  // Codes go to a valid phone; a login sends a valid phone and code.
  outcome: (end) => {
    for (const { phone } of callsOf(end, 'sendCode') as Array<{ phone: string }>) expect(checkPhone(phone)).toBeNull();
    for (const { phone, code } of callsOf(end, 'login') as LoginActorInput[]) expect([checkPhone(phone), checkCode(code)]).toEqual([null, null]);
  },
  machine: loginMachine,
  input: { countdownSeconds: 2 },
  generators: ['cover'],
  outcomes,
  events: () => [
    { type: 'PHONE.CHANGE', value: VALID_PHONE },
    { type: 'PHONE.CHANGE', value: INVALID_PHONE },
    { type: 'CODE.CHANGE', value: '123456' },
    { type: 'CODE.CHANGE', value: '12ab' },
    { type: 'CODE.CHANGE', value: '1234567' },
    { type: 'SEND_CODE' },
    { type: 'SUBMIT' },
  ],
};

/** The happy cases only, from a prefilled valid phone: sending, counting and submitting. */
const happyOrderings: PathModel = {
  name: 'orderings',
  machine: loginMachine,
  input: { countdownSeconds: 1, phone: VALID_PHONE },
  // Cover, not simple paths: the countdown's ticks make hundreds of simple ones (536).
  generators: ['cover'],
  outcomes: { sendCode: [{ output: true }], login: [{ output: { token: 't' } }, { error: 'Wrong verification code' }] },
  events: () => [{ type: 'CODE.CHANGE', value: '123456' }, { type: 'SEND_CODE' }, { type: 'SUBMIT' }],
};

const GOING = '/individualCustomers/order/orderRecord';
const chatOutcomes: PathModel['outcomes'] = {
  sendCode: [{ output: true }],
  login: [{ output: { token: 't' } }],
  bind: [{ output: { token: 't2' } }, { error: 'This number is already bound to another WeChat account' }],
  startOAuth: [{ output: null }, { error: 'The system is busy; please try again later' }],
  exchangeTicket: [{ output: { bindStatus: 1 } }, { output: { bindStatus: 0 } }, { error: 'This login ticket has expired; please log in again' }],
};
const chatEvents = () => [
  { type: 'RETRY' },
  { type: 'USE_PHONE' },
  { type: 'PHONE.CHANGE', value: VALID_PHONE },
  { type: 'CODE.CHANGE', value: '123456' },
  { type: 'SEND_CODE' },
  { type: 'SUBMIT' },
];
/** The OAuth is asked for where the visitor was going; a bind sends a valid phone and code. */
const chatOutcome: PathModel['outcome'] = (end) => {
  for (const { redirect } of callsOf(end, 'startOAuth') as Array<{ redirect: string }>) expect(redirect).toBe(GOING);
  for (const { phone, code } of callsOf(end, 'bind') as LoginActorInput[]) expect([checkPhone(phone), checkCode(code)]).toEqual([null, null]);
};

/** In the chat app: its OAuth at once; a failure offers a retry or the phone form. */
const chatApp: PathModel = {
  name: 'in the chat app',
  machine: loginMachine,
  input: { chatApp: true, redirect: GOING, countdownSeconds: 1 },
  generators: ['cover'],
  outcomes: chatOutcomes,
  outcome: chatOutcome,
  events: chatEvents,
  say: { RETRY: 'tries the chat app again', USE_PHONE: 'logs in with her phone instead' },
};

/** Back from the chat app with a ticket: logged in, or (no phone yet) the bind form. */
const backWithTicket: PathModel = {
  ...chatApp,
  name: 'back with a ticket',
  input: { chatApp: true, redirect: GOING, ticket: 'ticket-1', countdownSeconds: 1 },
};

/** Sent to the bind screen by the guard (logged in, no phone bound). */
const mustBind: PathModel = {
  ...chatApp,
  name: 'must bind',
  input: { mustBind: true, redirect: GOING, countdownSeconds: 1 },
  events: () => [{ type: 'PHONE.CHANGE', value: INVALID_PHONE }, ...chatEvents()],
};

pathSuite('login', [allCases, happyOrderings, chatApp, backWithTicket, mustBind]);

describe('login: behaviour', () => {
  function start(login: () => Promise<unknown> = async () => ({ token: 't' })) {
    const clock = new SimulatedClock();
    const sent: string[] = [];
    const machine = loginMachine.provide({
      actors: {
        sendCode: fromPromise<unknown, SendCodeInput>(async ({ input }) => {
          sent.push(input.phone);
          return true;
        }),
        login: fromPromise<unknown, LoginActorInput>(login),
      },
    });
    const actor = createActor(machine, { clock, input: {} }).start();
    return { actor, clock, sent };
  }

  it('the 60 s countdown ignores SEND_CODE, reaches 0 and lets the code be sent again', async () => {
    const { actor, clock, sent } = start();
    actor.send({ type: 'PHONE.CHANGE', value: VALID_PHONE });
    actor.send({ type: 'SEND_CODE' });
    await waitFor(actor, (s) => s.matches({ form: { sender: 'counting' } }));
    expect(CODE_COUNTDOWN_SECONDS).toBe(60);
    expect(actor.getSnapshot().context.countdown).toBe(60);

    clock.increment(1000);
    expect(actor.getSnapshot().context.countdown).toBe(59);
    actor.send({ type: 'SEND_CODE' });
    expect(actor.getSnapshot().matches({ form: { sender: 'counting' } })).toBe(true);

    for (let i = 0; i < 58; i++) clock.increment(1000);
    expect(actor.getSnapshot().context.countdown).toBe(1);
    expect(actor.getSnapshot().matches({ form: { sender: 'counting' } })).toBe(true);
    clock.increment(1000);
    expect(actor.getSnapshot().context.countdown).toBe(0);
    expect(actor.getSnapshot().matches({ form: { sender: 'ready' } })).toBe(true);
    expect(sent).toEqual([VALID_PHONE]);

    actor.send({ type: 'SEND_CODE' });
    await waitFor(actor, (s) => s.matches({ form: { sender: 'counting' } }));
    expect(sent).toEqual([VALID_PHONE, VALID_PHONE]);
    expect(actor.getSnapshot().context.countdown).toBe(60);
  });

  it('an invalid phone is refused with the rule message and no code is sent', () => {
    const { actor, sent } = start();
    actor.send({ type: 'PHONE.CHANGE', value: INVALID_PHONE });
    actor.send({ type: 'SEND_CODE' });
    expect(actor.getSnapshot().matches({ form: { sender: 'ready' } })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual(checkPhone(INVALID_PHONE));
    expect(actor.getSnapshot().context.error).not.toBeNull();
    expect(sent).toEqual([]);
  });

  it('the code is kept to 6 characters; SUBMIT needs a valid phone and code', () => {
    const { actor } = start();
    actor.send({ type: 'CODE.CHANGE', value: '12345678' });
    expect(actor.getSnapshot().context.code).toBe('123456');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error).toEqual(checkPhone(''));
    actor.send({ type: 'PHONE.CHANGE', value: VALID_PHONE });
    actor.send({ type: 'CODE.CHANGE', value: '12a' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches({ form: { submit: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual(checkCode('12a'));
    expect(actor.getSnapshot().context.error).not.toBeNull();
  });

  it('a refused login keeps the form with the server message in both languages; success is final', async () => {
    let attempts = 0;
    const { actor } = start(async () => {
      attempts++;
      if (attempts === 1) throw new Error('验证码错误');
      return { token: 't' };
    });
    actor.send({ type: 'PHONE.CHANGE', value: VALID_PHONE });
    actor.send({ type: 'CODE.CHANGE', value: '123456' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().matches({ form: { submit: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ zh: '验证码错误', en: '验证码错误' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('loggedIn');
  });

  it('in the chat app the OAuth starts at once for where the visitor was going; no phone form', async () => {
    const asked: string[] = [];
    const machine = loginMachine.provide({
      actors: { startOAuth: fromPromise<unknown, { redirect: string }>(async ({ input }) => asked.push(input.redirect)) },
    });
    const actor = createActor(machine, { input: { chatApp: true, redirect: '/individualCustomers/cart/shoppingCart' } }).start();
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(asked).toEqual(['/individualCustomers/cart/shoppingCart']);
    expect(createActor(loginMachine, { input: {} }).start().getSnapshot().matches('form')).toBe(true);
  });

  it('back with a ticket of an account without a phone: the bind form, which binds (never logs in by phone)', async () => {
    const bound: LoginActorInput[] = [];
    const machine = loginMachine.provide({
      actors: {
        exchangeTicket: fromPromise<{ bindStatus: 0 | 1 }, { ticket: string }>(async () => ({ bindStatus: 0 })),
        bind: fromPromise<unknown, LoginActorInput>(async ({ input }) => bound.push(input)),
        login: fromPromise<unknown, LoginActorInput>(async () => {
          throw new Error('not this one');
        }),
      },
    });
    const actor = createActor(machine, { input: { chatApp: true, ticket: 'T' } }).start();
    await waitFor(actor, (s) => s.matches('form'));
    expect(actor.getSnapshot().context.mode).toBe('bind');
    actor.send({ type: 'PHONE.CHANGE', value: VALID_PHONE });
    actor.send({ type: 'CODE.CHANGE', value: '123456' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(bound).toEqual([{ phone: VALID_PHONE, code: '123456' }]);
  });

  it('a failed send returns to ready with the message', async () => {
    const machine = loginMachine.provide({
      actors: {
        sendCode: fromPromise<unknown, SendCodeInput>(async () => {
          throw new Error('Too many requests');
        }),
      },
    });
    const actor = createActor(machine, { input: { phone: VALID_PHONE } }).start();
    actor.send({ type: 'SEND_CODE' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().matches({ form: { sender: 'ready' } })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ zh: 'Too many requests', en: 'Too many requests' });
  });
});
