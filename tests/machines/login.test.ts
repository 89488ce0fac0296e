import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { checkCode, checkPhone } from '../../src/domain/fields.ts';
import { loginMachine, type LoginActorInput } from '../../machines/login.machine.ts';
import { pathSuite } from './pathSuite.ts';
import { callsOf } from './outcomes.ts';
import type { PathModel } from './paths.ts';

const VALID_PHONE = '13800138000';
const INVALID_PHONE = '12345';

const outcomes: PathModel['outcomes'] = {
  login: [{ output: { token: 't' } }, { error: 'Wrong verification code' }],
};

/** Every event case: valid and invalid phone, valid, invalid and too long code. (The code's
 * send button and countdown are the codeSender machine's: tests/machines/codeSender.test.ts.) */
const allCases: PathModel = {
  name: 'all cases',
  // A login sends a valid phone and code.
  outcome: (end) => {
    for (const { phone, code } of callsOf(end, 'login') as LoginActorInput[]) expect([checkPhone(phone), checkCode(code)]).toEqual([null, null]);
  },
  machine: loginMachine,
  input: {},
  generators: ['cover'],
  outcomes,
  events: () => [
    { type: 'PHONE.CHANGE', value: VALID_PHONE },
    { type: 'PHONE.CHANGE', value: INVALID_PHONE },
    { type: 'CODE.CHANGE', value: '123456' },
    { type: 'CODE.CHANGE', value: '12ab' },
    { type: 'CODE.CHANGE', value: '1234567' },
    { type: 'SUBMIT' },
  ],
};

/** The happy cases only, from a prefilled valid phone: every ordering of typing and submitting. */
const happyOrderings: PathModel = {
  name: 'orderings',
  machine: loginMachine,
  input: { phone: VALID_PHONE },
  generators: ['cover', 'simple'],
  outcomes: { login: [{ output: { token: 't' } }, { error: 'Wrong verification code' }] },
  events: () => [{ type: 'CODE.CHANGE', value: '123456' }, { type: 'SUBMIT' }],
};

const GOING = '/individualCustomers/order/orderRecord';
const chatOutcomes: PathModel['outcomes'] = {
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
  input: { chatApp: true, redirect: GOING },
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
  input: { chatApp: true, redirect: GOING, ticket: 'ticket-1' },
};

/** Sent to the bind screen by the guard (logged in, no phone bound). */
const mustBind: PathModel = {
  ...chatApp,
  name: 'must bind',
  input: { mustBind: true, redirect: GOING },
  events: () => [{ type: 'PHONE.CHANGE', value: INVALID_PHONE }, ...chatEvents()],
};

pathSuite('login', [allCases, happyOrderings, chatApp, backWithTicket, mustBind]);

describe('login: behaviour', () => {
  function start(login: () => Promise<unknown> = async () => ({ token: 't' })) {
    const machine = loginMachine.provide({ actors: { login: fromPromise<unknown, LoginActorInput>(login) } });
    return { actor: createActor(machine, { input: {} }).start() };
  }

  it('the code is kept to 6 characters; SUBMIT needs a valid phone and code', () => {
    const { actor } = start();
    actor.send({ type: 'CODE.CHANGE', value: '12345678' });
    expect(actor.getSnapshot().context.code).toBe('123456');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error).toEqual(checkPhone(''));
    actor.send({ type: 'PHONE.CHANGE', value: VALID_PHONE });
    actor.send({ type: 'CODE.CHANGE', value: '12a' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches({ form: 'idle' })).toBe(true);
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
    expect(actor.getSnapshot().matches({ form: 'idle' })).toBe(true);
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
});
