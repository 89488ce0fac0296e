import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { teamStatusMachine } from '../../machines/teamStatus.machine.ts';
import { teamNotices } from '../../src/domain/team.ts';
import { pathSuite } from './pathSuite.ts';

/** An agency whose certificate expired, frozen, agreement about to expire. */
const agency = {
  teamType: 4 as const,
  status: 1 as const,
  creditExpiresOn: '2030-03-01',
  protocolExpiresOn: '2030-03-10',
  teamRunTimeStatus: { creditStatus: 0 as const, protocolStatus: 1 as const, creditWillExpireFlag: false, protocolWillExpireFlag: true },
};

pathSuite('teamStatus', [
  {
    name: 'three notices',
    machine: teamStatusMachine,
    input: { notices: teamNotices(agency) },
    generators: ['cover'],
    outcomes: {},
    events: () => [{ type: 'NEXT' }, { type: 'CLOSE' }],
  },
  { name: 'no notice', machine: teamStatusMachine, input: { notices: [] }, generators: ['cover'], outcomes: {}, events: () => [{ type: 'NEXT' }] },
]);

describe('team status pop-ups', () => {
  it('come in the order of docs/product.md §4, with the dates filled in', () => {
    const notices = teamNotices(agency);
    expect(notices.map((n) => n.kind)).toEqual(['creditExpired', 'frozenOther', 'protocolWillExpire']);
    expect(notices[2].message.en).toBe('Your travel agency agreement expires on 2030-03-10: upload the new one in time.');
    const school = teamNotices({
      ...agency,
      teamType: 2,
      protocolExpiresOn: null,
      teamRunTimeStatus: { ...agency.teamRunTimeStatus, protocolWillExpireFlag: false },
    });
    expect(school.map((n) => n.kind)).toEqual(['creditExpired', 'frozenSchool']);
  });

  it('Next shows each in turn; close ends them all', () => {
    const actor = createActor(teamStatusMachine, { input: { notices: teamNotices(agency) } }).start();
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.index).toBe(1);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().status).toBe('done');
  });
});
