import type { SnapshotFrom } from 'xstate';
import { expect } from 'vitest';
import { ratingMachine, type RatingEvent } from '../../machines/rating.machine.ts';
import { checkRating, type RatingForm } from '../../src/domain/rating.ts';
import type { OrderRating } from '../../src/domain/types.ts';
import { callsOf } from './outcomes.ts';
import { pathSuite } from './pathSuite.ts';
import type { PathModel } from './paths.ts';

const OPEN: OrderRating = { orderId: 7, rateable: true, refusal: null, rating: null };
const RATED: OrderRating = {
  orderId: 7,
  rateable: false,
  refusal: 'This order has already been rated',
  rating: { visitStars: 5, bookingStars: 4, comment: 'Great dome film', createTime: '2030-03-07 18:00:00' },
};
const NOT_YET: OrderRating = { orderId: 7, rateable: false, refusal: 'You can rate this order after your visit', rating: null };

pathSuite('rating', [
  {
    name: 'all cases',
    machine: ratingMachine,
    input: { orderId: 7 },
    generators: ['cover'],
    // No rating that breaks a rule is ever sent, and always for the order on the screen.
    outcome: (end) => {
      for (const sent of callsOf(end, 'rate') as Array<RatingForm & { orderId: number }>) {
        expect(sent.orderId).toBe(7);
        expect(checkRating(sent)).toBeNull();
      }
    },
    events: ((s: SnapshotFrom<typeof ratingMachine>): RatingEvent[] => {
      if (s.matches('failed')) return [{ type: 'RETRY' }];
      if (s.matches('editing'))
        return [
          { type: 'STARS', field: 'visitStars', stars: 5 },
          { type: 'STARS', field: 'bookingStars', stars: 4 },
          { type: 'COMMENT', value: 'Great dome film' },
          { type: 'SUBMIT' },
        ];
      return [];
    }) as PathModel['events'],
    outcomes: {
      loadRating: [{ output: OPEN }, { output: RATED }, { output: NOT_YET }, { error: 'Network error' }],
      rate: [{ output: RATED }, { error: 'This order has already been rated' }],
    },
  },
]);
