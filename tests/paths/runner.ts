/** The browser path lane: the generated paths of a machine's browser model (tests/paths/models/),
 * driven in Chromium against the real server. Every user event of a path is a user action on
 * the screen, every state the path enters is what the user must see there, and an actor's
 * error is the network failing for that call (its request aborted). One mapping table per
 * machine: a state or event without an entry fails the path with its name. After the file's
 * paths, the states and transitions the browser covered are printed. */
import { expect, test, type Page } from '@playwright/test';
import type { AnyMachineSnapshot, AnyStateNode, EventObject } from 'xstate';
import { BROWSER_MODEL, pathTitle } from '../machines/catalogue.ts';
import { allStates, allTransitions, generatePaths, runPath, type PathModel } from '../machines/paths.ts';

export interface BrowserMapping<Ctx> {
  /** A new visitor at the machine's start: logs in, opens the screen; what the steps need. */
  start: (page: Page) => Promise<Ctx>;
  /** Each invoked actor's request (a part of its URL): an error outcome aborts it once. */
  requests: Record<string, string>;
  /** A user event as the user's action. */
  act: Record<string, (page: Page, event: EventObject & Record<string, unknown>, ctx: Ctx) => Promise<void>>;
  /** What the user sees in a state (by state id); null for one that passes too quickly to
   * look at (a load), with the reason in a comment. */
  sees: Record<string, ((page: Page, ctx: Ctx) => Promise<void>) | null>;
}

const ACTOR = /^xstate\.(done|error)\.actor\.(.+)$/;

/** The deepest states of a snapshot: where the user is. */
const leaves = (snapshot: AnyMachineSnapshot) => (snapshot._nodes as AnyStateNode[]).filter((n) => n.type === 'atomic' || n.type === 'final').map((n) => n.id);

export function browserPaths<Ctx>(name: string, model: PathModel, mapping: BrowserMapping<Ctx>): void {
  if (!model.name.startsWith(BROWSER_MODEL)) throw new Error(`${name}: a browser model's name begins "${BROWSER_MODEL}"`);
  const paths = generatePaths(model);
  const covered = { states: new Set<string>(), transitions: new Set<string>() };

  test.describe(name, () => {
    test.describe.configure({ mode: 'serial' });

    for (const [i, path] of paths.entries()) {
      test(pathTitle(name, model.name, i + 1), async ({ page }) => {
        const steps = path.steps;
        const isActor = (k: number) => k < steps.length && ACTOR.test(steps[k].event.type);
        // Before the action that sets off the calls of steps k.., the errors among them are armed:
        // the next request of that actor fails as a dropped network would.
        const armed = new Map<string, number>();
        await page.route('**/prod-api/**', async (route) => {
          const path = new URL(route.request().url()).pathname;
          const id = Object.keys(mapping.requests).find((actor) => path.includes(mapping.requests[actor]) && (armed.get(actor) ?? 0) > 0);
          if (!id) return route.fallback();
          armed.set(id, armed.get(id)! - 1);
          return route.abort('failed');
        });
        const arm = async (k: number) => {
          for (let j = k; isActor(j); j++) {
            const [, outcome, id] = ACTOR.exec(steps[j].event.type)!;
            if (outcome !== 'error') continue;
            if (!mapping.requests[id]) throw new Error(`${name}: no request mapped for actor "${id}"`);
            armed.set(id, (armed.get(id) ?? 0) + 1);
          }
        };
        const see = async (snapshot: AnyMachineSnapshot, at: string) => {
          for (const id of leaves(snapshot)) {
            if (!(id in mapping.sees)) throw new Error(`${name}: no mapping for state "${id}" (${at})`);
            const look = mapping.sees[id];
            if (look) await test.step(`sees ${id}`, () => look(page, ctx));
            covered.states.add(id);
          }
        };

        await arm(1);
        const ctx = await mapping.start(page);
        await see(steps[0].state, 'start');
        for (let k = 1; k < steps.length; k++) {
          const event = steps[k].event as EventObject & Record<string, unknown>;
          if (!isActor(k)) {
            const act = mapping.act[event.type];
            if (!act) throw new Error(`${name}: no action mapped for event "${event.type}"`);
            await arm(k + 1);
            await test.step(`does ${event.type}`, () => act(page, event, ctx));
          }
          await see(steps[k].state, `step ${k} ${event.type}`);
        }
        // Every step was seen as the path says: the browser covered what the path covers (its
        // run in memory counts the states passed through at once, `always`, too).
        const run = await runPath(model, path);
        for (const id of run.states) covered.states.add(id);
        for (const key of run.transitions) covered.transitions.add(key);
      });
    }

    test.afterAll(() => {
      const states = allStates(model.machine);
      const transitions = allTransitions(model.machine);
      const seen = covered.states;
      console.log(
        `[paths] ${name}, ${model.name}: ${paths.length} paths; states ${states.filter((s) => seen.has(s)).length}/${states.length}, ` +
          `transitions ${transitions.filter((t) => covered.transitions.has(t)).length}/${transitions.length}; ` +
          `not covered: ${states.filter((s) => !seen.has(s)).join(', ') || 'none'}`,
      );
    });
  });
}

export { expect };
