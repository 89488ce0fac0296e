/** docs/product.md §7 risk calls. The SPEC gives their paths and inputs only; the answers are ours:
 * - GET /risk/getSwitch/ingore?platform=2&key=placeOrder|shoppingCart -> { key, enabled }:
 *   whether the risk policy judges that action (placeOrder and cart adds then answer with
 *   riskEnable, riskPolicy and riskPrompt, docs/product.md §4);
 * - POST /risk/frontPage/ingore { platform: 2 } -> { riskEnable, sliderRequired, limits }:
 *   what the front page may tell a visitor before booking (the day's limits per account). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../context.ts';
import { ok } from '../http.ts';

import { getConfig, minutes } from '../services/settings.ts';
import { RISK_CONFIG, riskEnabled } from '../services/risk.ts';
import * as answers from '../../src/domain/answers.ts';
import { answer } from './kit.ts';

const platform = z.coerce.number().pipe(z.literal(2));

export const riskRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const switchQuery = z.object({ platform, key: z.enum(['placeOrder', 'shoppingCart']) });
  app.get(
    '/risk/getSwitch/ingore',
    { config: { publicRead: true }, schema: { querystring: switchQuery, response: answer(answers.riskSwitch) } },
    async (req) => {
      const { key } = req.query;
      return ok(req, { key, enabled: riskEnabled(await getConfig(deps.db)) });
    },
  );

  const frontBody = z.object({ platform });
  app.post('/risk/frontPage/ingore', { schema: { body: frontBody, response: answer(answers.riskFrontPage) } }, async (req) => {
    const config = await getConfig(deps.db);
    const limit = (key: keyof typeof RISK_CONFIG) => minutes(config, key, Number(RISK_CONFIG[key]));
    return ok(req, {
      riskEnable: riskEnabled(config),
      sliderRequired: deps.config.captcha !== 'off',
      limits: {
        dailyOrders: limit('risk_daily_orders'),
        dailyCartTickets: limit('risk_daily_cart_tickets'),
        maxHeldTickets: limit('person_cart_max_held_tickets'),
      },
    });
  });
};
