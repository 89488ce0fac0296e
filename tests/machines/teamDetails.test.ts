import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { teamDetailsMachine } from '../../machines/teamDetails.machine.ts';
import { pathSuite } from './pathSuite.ts';
import { callsOf } from './outcomes.ts';
import { checkTeamDetails, type TeamDetails } from '../../src/domain/team.ts';

const details = { address: '科技路1号', email: '', contactName: '王老师' };

pathSuite('teamDetails', [
  {
    name: 'edit and save',
    // Saved details obey the rules of the form.
    outcome: (end) => {
      for (const d of callsOf(end, 'save') as TeamDetails[]) expect(checkTeamDetails(d)).toBeNull();
    },
    machine: teamDetailsMachine,
    input: { details },
    generators: ['cover'],
    outcomes: { save: [{ output: null }, { error: 'Network error' }] },
    events: () => [
      { type: 'FIELD.CHANGE', field: 'email', value: 'no-at' },
      { type: 'FIELD.CHANGE', field: 'email', value: 'office@school.cn' },
      { type: 'SAVE' },
    ],
  },
]);

describe('teamDetails: behaviour', () => {
  it('names the first refused field before saving anything', () => {
    const actor = createActor(teamDetailsMachine, { input: { details } }).start();
    actor.send({ type: 'FIELD.CHANGE', field: 'contactName', value: '' });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().context.error?.en).toBe('Contact person cannot be empty');
    expect(actor.getSnapshot().value).toBe('editing');
  });
});
