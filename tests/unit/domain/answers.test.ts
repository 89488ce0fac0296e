/** The answer schemas (src/domain/answers.ts) are the one description of the answers' shapes:
 * the types the client reads answers with (src/domain/types.ts, captcha.ts, gateOffline.ts,
 * refundRules.ts, faces.ts, account.ts) are derived from them, so there is nothing left to keep
 * in step by hand. What stays to test is how the schemas treat what arrives. */
import { describe, expect, it } from 'vitest';
import * as answers from '../../../src/domain/answers.ts';

describe('answer schemas', () => {
  it('refuse a field the schema does not name, instead of dropping it', () => {
    const sent = { date: '2026-12-01', state: 'available', remaining: 3, reason: null, secret: 'x' };
    expect(answers.calendarDay.safeParse(sent).success).toBe(false);
  });

  it('stay strict where one schema extends another (a team, a staff message)', () => {
    const team = {
      teamId: 1,
      teamName: 'A school',
      teamType: 1,
      creditCode: '91110000000000000X',
      contactName: 'Li',
      contactPhone: '138****8000',
      address: 'Beijing',
      email: null,
      reviewState: 'pending',
      reviewReason: null,
      frozen: false,
      frozenReason: null,
      createTime: '2026-12-01 10:00:00',
      documents: [],
    };
    expect(answers.teamForReview.safeParse(team).success).toBe(true);
    expect(answers.teamForReview.safeParse({ ...team, secret: 'x' }).success).toBe(false);
    const message = {
      messageId: 1,
      serviceCode: 'M1',
      serviceType: 'consult',
      description: 'When do you open?',
      contactName: 'Li',
      createTime: '2026-12-01 10:00:00',
      replyTime: null,
      writerKind: 'visitor',
      writer: '138****8000',
    };
    expect(answers.staffMessageSummary.safeParse(message).success).toBe(true);
    expect(answers.staffMessageSummary.safeParse({ ...message, secret: 'x' }).success).toBe(false);
  });
});
