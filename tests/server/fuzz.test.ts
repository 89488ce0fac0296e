/** The fuzz lane: bad inputs to every route of the OpenAPI document, with no token and with
 * each token kind. A bad input must get a clear refusal, never an HTTP 5xx nor the
 * "system is busy" answer that means it reached the database unchecked; and no stock moves. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertStockInvariant, makeApp, type TestApp } from './helpers.ts';
import { MSG } from '../../server/http.ts';

/** Input names the API takes (schemas where the document has them, these otherwise). */
const NAMES = [
  'id',
  'orderId',
  'ticketIds',
  'cartTicketIds',
  'hallId',
  'hallScheduleId',
  'scheduleId',
  'ticketPriceId',
  'invoiceId',
  'pageNum',
  'pageSize',
  'status',
  'queryDate',
  'date',
  'useDate',
  'openPerson',
  'saleMode',
  'poolFlag',
  'ticketNum',
  'phone',
  'code',
  'name',
  'userName',
  'certificate',
  'certificateInfo',
  'email',
  'title',
  'titleType',
  'taxNumber',
  'orderNumber',
  'shortLinkFlag',
  'flag',
  'payId',
  'captchaId',
  'captchaToken',
  'x',
  'trail',
  'key',
  'platform',
  'channel',
  'ticketUseType',
  'personType',
  'hallKey',
  'parameterName',
  'category',
  'isCandidateOrder',
  'ticketInfoList',
  'coupons',
  'picUrl',
  'lang',
  'result',
];
const BAD_TEXT = [
  '2147483648',
  '99999999999999999999',
  '-1',
  '1e308',
  'NaN',
  'abc',
  'a\u0000b',
  'x'.repeat(3000),
  '',
  '1.5',
  '2026-02-30',
  '9999-99-99',
  '[object Object]',
];
const BAD_JSON: unknown[] = [
  2147483648,
  1e20,
  -1,
  1.5,
  Number.MAX_SAFE_INTEGER + 2,
  'a\u0000b',
  'x'.repeat(3000),
  null,
  true,
  [],
  {},
  [[1]],
  { a: { b: {} } },
  ['a\u0000'],
  [2147483648],
];

const BUSY = new Set([MSG.serverError.zh, MSG.serverError.en]);

interface Op {
  method: 'GET' | 'POST' | 'DELETE' | 'PUT';
  path: string;
  params: string[];
  /** Field names from the document's schemas, when it has them. */
  fields: string[];
}

function operations(doc: { paths: Record<string, Record<string, any>> }): Op[] {
  const ops: Op[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      const params = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const fields = [
        ...((op.parameters ?? []) as Array<{ name: string }>).map((p) => p.name),
        ...Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
      ];
      ops.push({ method: method.toUpperCase() as Op['method'], path, params, fields });
    }
  }
  return ops;
}

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ smsPerIpPerHour: 1_000_000 });
});

/** Fresh tokens for each route: a fuzzed /logout revokes the one it was sent with. */
const tokens = async (): Promise<Array<[string, string | undefined]>> => [
  ['no token', undefined],
  ['visitor', await t.tokenFor('13911110000')],
  ['team', await t.tokenFor('13911110001', 'team')],
];
afterAll(async () => {
  await t?.close();
});

describe('fuzz: bad inputs to every route', () => {
  it('never a 5xx, never "busy", and no stock moves', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/prod-api/openapi.json' })).json();
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(40);
    const failures: string[] = [];
    let sent = 0;

    for (const op of ops) {
      const names = [...new Set([...op.fields, ...NAMES])];
      const urls = (value: string) => {
        let path = op.path;
        for (const p of op.params) path = path.replace(`{${p}}`, encodeURIComponent(value));
        return path;
      };
      const requests: Array<{ url: string; payload?: unknown; contentType?: string }> = [];
      for (const v of BAD_TEXT) {
        const query = new URLSearchParams(names.map((n) => [n, v])).toString();
        requests.push({ url: `${urls(v)}?${query}` });
      }
      if (op.method !== 'GET') {
        const base = urls('1');
        for (const v of BAD_JSON) {
          requests.push({ url: base, payload: JSON.stringify(v) });
          requests.push({ url: base, payload: JSON.stringify(Object.fromEntries(names.map((n) => [n, v]))) });
          requests.push({
            url: base,
            payload: JSON.stringify({ ...Object.fromEntries(names.map((n) => [n, '1'])), ticketInfoList: [Object.fromEntries(names.map((n) => [n, v]))] }),
          });
        }
        // One id out of range, the rest of the body plausible.
        for (const name of ['id', 'orderId', 'hallId', 'hallScheduleId', 'ticketPriceId', 'invoiceId']) {
          for (const v of [2147483648, -1, 1e20]) requests.push({ url: base, payload: JSON.stringify({ [name]: v, ticketIds: [1], cartTicketIds: [1] }) });
        }
        for (const name of ['ticketIds', 'cartTicketIds'])
          requests.push({ url: base, payload: JSON.stringify({ [name]: [2147483648], orderId: 1, captchaToken: 'x' }) });
        requests.push({ url: base, payload: '{"orderId": 1,', contentType: 'application/json' });
        requests.push({ url: base, payload: 'orderId=1&x=%00', contentType: 'application/x-www-form-urlencoded' });
        requests.push({ url: base, payload: 'plain', contentType: 'text/plain' });
      }
      for (const [who, token] of await tokens()) {
        for (const r of requests) {
          const headers: Record<string, string> = { language: 'en_us' };
          if (r.payload !== undefined) headers['content-type'] = r.contentType ?? 'application/json';
          if (token) headers.authorization = `Bearer ${token}`;
          const res = await t.app.inject({ method: op.method, url: r.url, headers, payload: r.payload as string | undefined });
          sent++;
          let busy = false;
          try {
            const body = res.json();
            busy = BUSY.has(body?.msg);
          } catch {
            // Not JSON (a simulator page, an empty 204): only the status counts.
          }
          if (res.statusCode >= 500 || busy) {
            failures.push(
              `${op.method} ${op.path} (${who}) ${r.url.slice(0, 120)} ${String(r.payload ?? '').slice(0, 120)} -> ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
          }
        }
      }
    }
    console.log(`fuzz: ${ops.length} routes, ${sent} requests, ${failures.length} failures`);
    expect(failures).toEqual([]);
    await assertStockInvariant(t.db);
  }, 240_000);
});
