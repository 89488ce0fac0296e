import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { staffLoginMachine } from '../../machines/staffLogin.machine.ts';
import { staffRequestReviewMachine } from '../../machines/staffRequestReview.machine.ts';
import { staffReviewMachine, type Review } from '../../machines/staffReview.machine.ts';
import type { TeamForReview, TeamRequest } from '../../src/domain/types.ts';
import { pathSuite } from './pathSuite.ts';
import { callsOf } from './outcomes.ts';
import { checkRequestReview, checkReview, type ReviewDecision } from '../../src/domain/team.ts';
import { checkStaffFreeze } from '../../src/domain/teamFreezing.ts';

const TODAY = '2030-03-05';
const school: TeamForReview = {
  teamId: 7,
  teamName: '科技中学',
  teamType: 2,
  creditCode: '91110000MA0000001L',
  contactName: '李老师',
  contactPhone: '13910000003',
  address: '科技路2号',
  email: null,
  reviewState: 'pending',
  reviewReason: null,
  frozen: false,
  frozenReason: null,
  createTime: '2030-03-05 10:00',
  documents: [{ kind: 'credit', uploadId: 'u1' }],
};
const agency: TeamForReview = { ...school, teamType: 4 };
const approved: TeamForReview = { ...school, reviewState: 'approved' };
const frozen: TeamForReview = { ...approved, frozen: true, frozenReason: '3次预约未到馆' };

pathSuite('staffLogin', [
  {
    name: 'all cases',
    machine: staffLoginMachine,
    // A login sent has a username and a password.
    outcome: (end) => {
      for (const { username, password } of callsOf(end, 'login') as Array<{ username: string; password: string }>)
        expect([username, password].every((v) => v.trim() !== '')).toBe(true);
    },
    generators: ['cover'],
    outcomes: { login: [{ output: null }, { error: 'Username or password is incorrect' }] },
    events: () => [{ type: 'USERNAME.CHANGE', value: 'staff' }, { type: 'PASSWORD.CHANGE', value: 'Museum2026' }, { type: 'SUBMIT' }],
  },
]);

pathSuite('staffReview', [
  {
    name: 'decisions',
    machine: staffReviewMachine,
    // A decision sent obeys the review rules for the team reviewed; a freeze has its reason.
    outcome: (end) => {
      const team = (end.snapshot.context as { team: TeamForReview | null }).team;
      for (const { review } of callsOf(end, 'review') as Array<{ review: ReviewDecision }>)
        expect(team && checkReview(review, team.teamType, TODAY)).toBeNull();
      for (const { kind, reason } of callsOf(end, 'freeze') as Array<{ kind: string; reason: string }>) expect(checkStaffFreeze(kind, reason)).toBeNull();
    },
    input: { teamId: 7, today: TODAY },
    generators: ['cover'],
    outcomes: {
      loadTeam: [{ output: school }, { output: agency }, { output: approved }, { output: frozen }, { error: 'Network error' }],
      freeze: [{ output: null }, { error: 'Network error' }],
      approve: [{ output: approved }, { error: 'This registration has been reviewed already' }],
      reject: [{ output: { ...school, reviewState: 'rejected' } }, { error: 'Network error' }],
    },
    events: () => [
      { type: 'FIELD.CHANGE', field: 'creditExpiresOn', value: '2031-06-30' },
      { type: 'FIELD.CHANGE', field: 'protocolExpiresOn', value: '2030-03-05' },
      { type: 'FIELD.CHANGE', field: 'reason', value: '介绍信未盖章' },
      { type: 'FIELD.CHANGE', field: 'freezeKind', value: 'other' },
      { type: 'APPROVE' },
      { type: 'REJECT' },
      { type: 'FREEZE' },
      { type: 'RETRY' },
    ],
  },
]);

describe('staffReview: behaviour', () => {
  function start(team: TeamForReview) {
    const sent: Review[] = [];
    const machine = staffReviewMachine.provide({
      actors: {
        loadTeam: fromPromise(async () => team),
        review: fromPromise(async ({ input }) => {
          sent.push(input.review);
          return { ...team, reviewState: input.review.approve ? ('approved' as const) : ('rejected' as const) };
        }),
      },
    });
    return { actor: createActor(machine, { input: { teamId: 7, today: TODAY } }).start(), sent };
  }

  it('an agency is approved only with both dates after today', async () => {
    const { actor, sent } = start(agency);
    await waitFor(actor, (s) => s.matches('deciding'));
    actor.send({ type: 'FIELD.CHANGE', field: 'creditExpiresOn', value: '2031-06-30' });
    actor.send({ type: 'APPROVE' });
    expect(actor.getSnapshot().context.error?.en).toBe('Please enter the expiry date of the travel agency agreement');
    actor.send({ type: 'FIELD.CHANGE', field: 'protocolExpiresOn', value: TODAY });
    actor.send({ type: 'APPROVE' });
    expect(actor.getSnapshot().context.error?.en).toBe('An expiry date must be after today');
    actor.send({ type: 'FIELD.CHANGE', field: 'protocolExpiresOn', value: '2030-12-31' });
    actor.send({ type: 'APPROVE' });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(sent).toEqual([{ approve: true, creditExpiresOn: '2031-06-30', protocolExpiresOn: '2030-12-31' }]);
    expect(actor.getSnapshot().context.team?.reviewState).toBe('approved');
  });

  it('a rejection needs its reason', async () => {
    const { actor, sent } = start(school);
    await waitFor(actor, (s) => s.matches('deciding'));
    actor.send({ type: 'REJECT' });
    expect(actor.getSnapshot().context.error?.zh).toBe('请填写不通过的原因');
    actor.send({ type: 'FIELD.CHANGE', field: 'reason', value: ' 介绍信未盖章 ' });
    actor.send({ type: 'REJECT' });
    await waitFor(actor, (s) => s.matches('shown'));
    expect(sent).toEqual([{ approve: false, reason: '介绍信未盖章' }]);
  });

  it('a freeze needs a reason from the list, and a note for another reason', async () => {
    const frozenWith: unknown[] = [];
    const machine = staffReviewMachine.provide({
      actors: {
        loadTeam: fromPromise(async () => (frozenWith.length ? frozen : approved)),
        freeze: fromPromise(async ({ input }) => void frozenWith.push(input)),
      },
    });
    const actor = createActor(machine, { input: { teamId: 7, today: TODAY } }).start();
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'FIELD.CHANGE', field: 'reason', value: '3次' });
    actor.send({ type: 'FREEZE' });
    expect(actor.getSnapshot().context.error?.en).toBe('Please choose the reason for freezing');
    actor.send({ type: 'FIELD.CHANGE', field: 'freezeKind', value: 'other' });
    actor.send({ type: 'FIELD.CHANGE', field: 'reason', value: ' ' });
    actor.send({ type: 'FREEZE' });
    expect(actor.getSnapshot().context.error?.en).toBe('Please say what the other reason is');
    actor.send({ type: 'FIELD.CHANGE', field: 'freezeKind', value: 'missedVisits' });
    actor.send({ type: 'FREEZE' });
    await waitFor(actor, (s) => s.matches('shown') && s.context.team?.frozen === true);
    expect(frozenWith).toEqual([{ teamId: 7, kind: 'missedVisits', reason: '' }]);
    expect(actor.getSnapshot().context.freezeKind).toBe('');
  });
});

const renewal: TeamRequest = {
  requestId: 3,
  teamId: 7,
  teamName: '星光旅行社',
  teamType: 4,
  creditCode: '91350100M00010001T',
  kind: 'protocol',
  state: 'pending',
  reviewReason: null,
  createTime: '2030-03-05 10:00',
  uploadIds: ['u1', 'u2'],
  newPhone: null,
};

pathSuite('staffRequestReview', [
  {
    name: 'an agreement renewal',
    machine: staffRequestReviewMachine,
    // A decision sent obeys the request-review rules.
    outcome: (end) => {
      for (const { decision } of callsOf(end, 'review') as Array<{ decision: { approve: boolean; reason?: string; expiresOn?: string } }>) {
        expect(checkRequestReview('protocol', decision, TODAY)).toBeNull();
      }
    },
    input: { request: renewal, today: TODAY },
    generators: ['cover'],
    outcomes: {
      approve: [{ output: { ...renewal, state: 'approved' } }, { error: 'This request has been reviewed already' }],
      reject: [{ output: { ...renewal, state: 'rejected' } }, { error: 'Network error' }],
    },
    events: () => [
      { type: 'FIELD.CHANGE', field: 'expiresOn', value: '2031-01-31' },
      { type: 'FIELD.CHANGE', field: 'reason', value: '协议未盖章' },
      { type: 'APPROVE' },
      { type: 'REJECT' },
    ],
  },
]);

describe('staffRequestReview: behaviour', () => {
  it('unfreezing is approved without a date; a renewal needs one after today', async () => {
    const decisions: unknown[] = [];
    const machine = staffRequestReviewMachine.provide({
      actors: { review: fromPromise(async ({ input }) => (decisions.push(input.decision), { ...renewal, state: 'approved' as const })) },
    });
    const renew = createActor(machine, { input: { request: renewal, today: TODAY } }).start();
    renew.send({ type: 'APPROVE' });
    expect(renew.getSnapshot().context.error?.en).toBe('Please enter the expiry date of the travel agency agreement');
    const unfreeze = createActor(machine, { input: { request: { ...renewal, kind: 'unfreeze', uploadIds: ['u1'] }, today: TODAY } }).start();
    unfreeze.send({ type: 'APPROVE' });
    await waitFor(unfreeze, (s) => s.status === 'done');
    expect(decisions).toEqual([{ approve: true, expiresOn: undefined }]);
  });
});
