import { describe, expect, it } from 'vitest';
import { isHumanDrag, type DragSample } from '../../../src/domain/captcha.ts';
import { humanTrail, robotTrail } from '../../drag.ts';

describe('isHumanDrag: a hand, not a script', () => {
  it('an eased drag of about a second to the answer passes', () => {
    for (const x of [80, 150, 249]) expect(isHumanDrag(humanTrail(x), x)).toBe(true);
    expect(isHumanDrag(humanTrail(150, 12), 150)).toBe(true);
  });

  it('at every gap the server draws (80-250 px), a hand passes and an even drag does not, whole-pixel rounding or not', () => {
    for (let x = 80; x <= 250; x++) {
      expect(isHumanDrag(humanTrail(x), x), `hand to ${x}`).toBe(true);
      expect(isHumanDrag(robotTrail(x), x), `script to ${x}`).toBe(false);
    }
  });

  it('refuses what scripts do', () => {
    expect(isHumanDrag(robotTrail(150), 150), 'constant speed').toBe(false);
    expect(
      isHumanDrag(
        [
          [0, 0],
          [150, 400],
        ],
        150,
      ),
      'two points',
    ).toBe(false);
    expect(
      isHumanDrag(
        humanTrail(150).map(([x, t]) => [x, t / 10] as DragSample),
        150,
      ),
      'too fast',
    ).toBe(false);
    expect(
      isHumanDrag(
        humanTrail(150).map(([x, t]) => [x, t * 30] as DragSample),
        150,
      ),
      'too slow',
    ).toBe(false);
    const jump = humanTrail(150);
    jump.splice(5, 15);
    expect(isHumanDrag(jump, 150), 'a jump').toBe(false);
    expect(isHumanDrag(humanTrail(150), 120), 'ends elsewhere than the answer').toBe(false);
    expect(
      isHumanDrag(
        humanTrail(150).map(([x, t]) => [x + 40, t] as DragSample),
        190,
      ),
      'starts mid-track',
    ).toBe(false);
    expect(isHumanDrag(humanTrail(150).reverse(), 150), 'time runs backwards').toBe(false);
    expect(isHumanDrag([...humanTrail(150), [20, 1000], [150, 1100]], 150), 'back and forth').toBe(false);
    expect(
      isHumanDrag(
        humanTrail(150)
          .map(([x, t]) => [x, t] as DragSample)
          .concat([[Number.NaN, 1000]]),
        150,
      ),
    ).toBe(false);
  });
});
