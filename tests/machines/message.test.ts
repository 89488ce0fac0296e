import type { SnapshotFrom } from 'xstate';
import { expect } from 'vitest';
import { messageMachine, type MessageEvent } from '../../machines/message.machine.ts';
import { messageReplyMachine, type MessageReplyEvent } from '../../machines/messageReply.machine.ts';
import { checkMessage, checkReply, type MessageForm } from '../../src/domain/message.ts';
import type { StaffMessageDetail } from '../../src/domain/types.ts';
import { callsOf } from './outcomes.ts';
import { pathSuite } from './pathSuite.ts';
import type { PathModel } from './paths.ts';

const THREAD: StaffMessageDetail = {
  messageId: 7,
  serviceCode: 'LY20261124000007',
  serviceType: 'consult',
  description: 'Can pupils bring packed lunches?',
  contactName: 'Wang Fang',
  createTime: '2026-11-24 09:00:00',
  replyTime: null,
  replies: [],
  writerKind: 'team',
  writer: '科技实验小学',
};

pathSuite('message', [
  {
    name: 'all cases',
    machine: messageMachine,
    generators: ['cover'],
    // No message that breaks a rule is ever sent.
    outcome: (end) => {
      for (const form of callsOf(end, 'send') as MessageForm[]) expect(checkMessage(form)).toBeNull();
    },
    events: ((s: SnapshotFrom<typeof messageMachine>): MessageEvent[] =>
      s.matches('editing')
        ? [
            { type: 'FIELD.CHANGE', field: 'serviceType', value: 'consult' },
            { type: 'FIELD.CHANGE', field: 'description', value: 'When does the dome open on Mondays?' },
            { type: 'FIELD.CHANGE', field: 'contactName', value: '王芳' },
            { type: 'SEND' },
          ]
        : []) as PathModel['events'],
    outcomes: { send: [{ output: 42 }, { error: 'You have left 5 messages today; please come back tomorrow' }] },
  },
]);

pathSuite('messageReply', [
  {
    name: 'all cases',
    machine: messageReplyMachine,
    input: { messageId: 7 },
    generators: ['cover'],
    // No empty or overlong reply is ever sent, and always to the message on the screen.
    outcome: (end) => {
      for (const { messageId, body } of callsOf(end, 'reply') as Array<{ messageId: number; body: string }>) {
        expect(messageId).toBe(7);
        expect(checkReply(body)).toBeNull();
      }
    },
    events: ((s: SnapshotFrom<typeof messageReplyMachine>): MessageReplyEvent[] => {
      if (s.matches('failed')) return [{ type: 'RETRY' }];
      if (s.matches('ready')) return [{ type: 'TYPE', value: 'Yes: the picnic area is on floor 1.' }, { type: 'TYPE', value: ' ' }, { type: 'SEND' }];
      return [];
    }) as PathModel['events'],
    outcomes: {
      loadMessage: [{ output: THREAD }, { error: 'Network error' }],
      reply: [
        { output: { ...THREAD, replyTime: '2026-11-24 10:00:00', replies: [{ replyId: 1, body: 'Yes', createTime: '2026-11-24 10:00:00' }] } },
        { error: 'The message does not exist' },
      ],
    },
  },
]);
