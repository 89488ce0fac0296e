/** Path testing shared by the machine tests.
 *
 * 1. Generate paths from the machine's graph with @xstate/graph 3 (`TestModel` with its
 *    shortest- and simple-path generators). `createTestModel` itself refuses machines with
 *    `invoke` or `after`, so the model is built with `new TestModel(machine, options)` and
 *    the outcomes of invoked actors and delays are modelled as the events the machine
 *    really receives: `xstate.done.actor.<id>` (with an output), `xstate.error.actor.<id>`,
 *    `xstate.after.<ms>.<stateId>`.
 * 2. Run every path against a real actor of the machine: the invoked actors are replaced
 *    (with `.provide()`) by promises the runner resolves or rejects when the path says so,
 *    delays are driven by a `SimulatedClock`; after every step the actor's state value and
 *    context must equal the path's.
 * 3. Coverage: every state node (from `machine.root`) and every transition definition of
 *    the machine, against the states entered and transitions taken while running (read
 *    from the inspection API's microsteps).
 */
import { TestModel, getStateNodes, type StatePath } from '@xstate/graph';
import {
  __unsafe_getAllOwnEventDescriptors,
  createActor,
  fromPromise,
  getNextSnapshot,
  SimulatedClock,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  type InspectionEvent,
} from 'xstate';

/** One outcome of an invoked actor: it resolves with `output` or rejects with `error` (and the
 * refusal's `code`, as the app's calls reject with an ApiError). */
export type Outcome = { output: unknown } | { error: string; code?: number };

export interface PathModel {
  name: string;
  machine: AnyStateMachine;
  input?: unknown;
  /** The user's events offered in a state (representative cases, valid and invalid). */
  events: (snapshot: AnyMachineSnapshot) => EventObject[];
  /** Outcomes per invoke id (or per actor src when an id has none of its own). */
  outcomes: Record<string, Outcome[] | ((snapshot: AnyMachineSnapshot) => Outcome[])>;
  /** The graph's vertex key of a snapshot, before the "via" suffix. Default: value + context. */
  key?: (snapshot: AnyMachineSnapshot) => string;
  /** Which generators: 'cover' (the fewest shortest paths that together enter every state
   * and take every transition), all shortest paths, simple paths (only where a machine is small). */
  generators: Generator[];
  /** The words of a user event in the QA catalogue ("choose a session"); others are read out as they are. */
  say?: Record<string, string | ((event: EventObject & Record<string, unknown>) => string)>;
  /** What the flow must have produced by the end of any path (the order sent, the refund asked
   * for): checked against the calls the actors received, so a wrong guard fails a path. */
  outcome?: (end: { snapshot: AnyMachineSnapshot; calls: ReadonlyArray<{ src: string; input: unknown }> }) => void;
}

export type Generator = 'cover' | 'shortest' | 'simple';
export type Path = StatePath<AnyMachineSnapshot, EventObject> & { generator: Generator };

const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

function json(value: unknown): string {
  return JSON.stringify(value) ?? 'undefined';
}

export function defaultKey(snapshot: AnyMachineSnapshot): string {
  return json({ value: snapshot.value, context: snapshot.context });
}

/** All invocations of the machine: invoke id -> actor src. */
export function invokeSources(machine: AnyStateMachine): Map<string, string> {
  const out = new Map<string, string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const inv of node.invoke) {
      if (typeof inv.src !== 'string') throw new Error(`invoke ${inv.id}: use a named actor src`);
      out.set(inv.id, inv.src);
    }
  }
  return out;
}

/** The events the graph traversal tries in a snapshot: the user's cases plus the outcomes
 * of the actors invoked there and the delays pending there. */
export function graphEvents(model: PathModel): (snapshot: AnyMachineSnapshot) => EventObject[] {
  const sources = invokeSources(model.machine);
  return (snapshot) => {
    if (snapshot.status !== 'active') return [];
    const out: EventObject[] = [];
    for (const descriptor of __unsafe_getAllOwnEventDescriptors(snapshot)) {
      if (descriptor.startsWith(DONE_ACTOR) || descriptor.startsWith(ERROR_ACTOR)) {
        const id = descriptor.startsWith(DONE_ACTOR) ? descriptor.slice(DONE_ACTOR.length) : descriptor.slice(ERROR_ACTOR.length);
        const spec = model.outcomes[id] ?? model.outcomes[sources.get(id) ?? ''];
        if (!spec) throw new Error(`${model.name}: no outcomes for actor "${id}"`);
        const outcomes = typeof spec === 'function' ? spec(snapshot) : spec;
        for (const o of outcomes) {
          if ('output' in o && descriptor.startsWith(DONE_ACTOR)) out.push({ type: descriptor, output: o.output } as EventObject);
          if ('error' in o && descriptor.startsWith(ERROR_ACTOR)) out.push({ type: descriptor, error: { message: o.error, code: o.code } } as EventObject);
        }
      } else if (descriptor.startsWith(AFTER)) {
        out.push({ type: descriptor });
      }
    }
    for (const e of model.events(snapshot)) out.push(e);
    return out;
  };
}

/** The vertex key: the snapshot plus the transition that led there (createTestModel adds
 * the event and previous state value, and only when the value changes; keying on the
 * transition taken also gives a path to self-transitions that change nothing, e.g. an
 * action-only transition). */
function vertexKey(model: PathModel, via: boolean) {
  const key = model.key ?? defaultKey;
  return (snapshot: AnyMachineSnapshot, event: EventObject | undefined, prev?: AnyMachineSnapshot): string => {
    const base = key(snapshot);
    if (!via || !event || !prev) return base;
    const taken = (prev.machine.getTransitionData(prev as never, event) as AnyTransitionDefinition[]).map(transitionKey).filter((k) => k !== null);
    return taken.length ? `${base} via ${taken.join(' + ')}` : base;
  };
}

/** The test model of the machine. `via` (for shortest paths) keys vertices on the transition
 * that led there too; simple paths use the plain snapshot, or they would be far too many. */
export function testModelOf(model: PathModel, via = true): TestModel<AnyMachineSnapshot, EventObject, unknown> {
  return new TestModel<AnyMachineSnapshot, EventObject, unknown>(model.machine, {
    events: graphEvents(model),
    serializeState: vertexKey(model, via),
    input: model.input,
  });
}

/** What a path enters and takes, read from the graph without running it: the state nodes of
 * every step, the transitions each event selects, and each step's move from one state value
 * to the next (which is how the transitions an event sets off inside, `always` and a parallel
 * state's `onDone`, show). */
function pathItems(path: StatePath<AnyMachineSnapshot, EventObject>): Set<string> {
  const items = new Set<string>();
  for (const [i, step] of path.steps.entries()) {
    for (const node of step.state._nodes) items.add(node.id);
    if (i === 0) continue;
    const prev = path.steps[i - 1].state;
    items.add(`${json(prev.value)} -> ${json(step.state.value)}`);
    for (const t of prev.machine.getTransitionData(prev as never, step.event) as AnyTransitionDefinition[]) {
      const key = transitionKey(t);
      if (key) items.add(key);
    }
  }
  for (const node of path.state._nodes) items.add(node.id);
  return items;
}

/** Greedy set cover: the path that adds most of what is not yet covered, the shorter on a
 * tie, until nothing is left. */
export function coverOf<P extends StatePath<AnyMachineSnapshot, EventObject>>(paths: P[]): P[] {
  const items = paths.map(pathItems);
  const left = new Set(items.flatMap((s) => [...s]));
  const chosen: P[] = [];
  while (left.size > 0) {
    let best = -1;
    let gain = 0;
    for (const [i, set] of items.entries()) {
      let g = 0;
      for (const item of set) if (left.has(item)) g++;
      if (g > gain || (g === gain && g > 0 && paths[i].steps.length < paths[best].steps.length)) [best, gain] = [i, g];
    }
    if (best < 0) break;
    chosen.push(paths[best]);
    for (const item of items[best]) left.delete(item);
  }
  return chosen;
}

/** A path that ends while a call is under way goes on with the call's first answer (up to a few),
 * so that it ends where a person sees something: "tap Retry" then the reloaded list, not the load. */
function settled(model: PathModel, path: StatePath<AnyMachineSnapshot, EventObject>): StatePath<AnyMachineSnapshot, EventObject> {
  const events = graphEvents(model);
  const steps = [...path.steps];
  let last = path.state;
  for (let i = 0; i < 5; i++) {
    const answer = events(last).find((e) => e.type.startsWith(DONE_ACTOR));
    if (!answer) break;
    last = getNextSnapshot(model.machine, last as never, answer) as AnyMachineSnapshot;
    steps.push({ state: last, event: answer });
  }
  return { ...path, steps, state: last, weight: steps.length };
}

/** Cover, shortest and/or simple paths, deduplicated (a path contained in a longer one is dropped). */
export function generatePaths(model: PathModel): Path[] {
  const out: Path[] = [];
  const seen = new Set<string>();
  for (const generator of model.generators) {
    const paths =
      generator === 'simple'
        ? testModelOf(model, false).getSimplePaths()
        : generator === 'shortest'
          ? testModelOf(model, true).getShortestPaths()
          : coverOf(testModelOf(model, true).getShortestPaths()).map((p) => settled(model, p));
    for (const p of paths) {
      const signature = json(p.steps.map((s) => s.event));
      if (seen.has(signature)) continue;
      seen.add(signature);
      out.push({ state: p.state, steps: p.steps, weight: p.weight, generator });
    }
  }
  return out;
}

export function describeEvent(event: EventObject): string {
  const { type, ...rest } = event as EventObject & Record<string, unknown>;
  const short = type
    .replace(DONE_ACTOR, 'done:')
    .replace(ERROR_ACTOR, 'error:')
    .replace(/^xstate\.after\.(\d+)\..*$/, 'after $1ms');
  if ('output' in rest) return `${short}(${json(rest.output).slice(0, 40)})`;
  if ('error' in rest) return `${short}(${(rest.error as { message: string }).message})`;
  const args = Object.values(rest)
    .map((v) => json(v))
    .join(',');
  return args ? `${short}(${args})` : short;
}

export function describePath(path: Path): string {
  const events = path.steps.slice(1).map((s) => describeEvent(s.event));
  return `${json(path.state.value)} <- ${events.join(' → ') || '(initial)'}`;
}

/** What one run saw: state node ids entered, transition keys taken. */
export interface RunResult {
  states: Set<string>;
  transitions: Set<string>;
}

export function transitionKey(t: AnyTransitionDefinition): string | null {
  const source = t.source as AnyStateNode;
  const list = t.eventType === '' ? (source.always ?? []) : (source.transitions.get(t.eventType) ?? []);
  const index = list.indexOf(t);
  if (index < 0) return null; // initial transitions are not transitions of the statechart
  return `${source.id} --${t.eventType || '(always)'}#${index}`;
}

/** Every transition definition of the machine, by key. */
export function allTransitions(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const list of node.transitions.values()) {
      for (const t of list) out.push(transitionKey(t)!);
    }
    for (const t of node.always ?? []) out.push(transitionKey(t)!);
  }
  return out;
}

export function allStates(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root).map((n) => n.id);
}

interface Deferred {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  input: unknown;
}

/** A real actor of the machine whose invoked actors wait for the runner. */
export function controlledActor(model: PathModel, options: { snapshot?: unknown } = {}) {
  const sources = invokeSources(model.machine);
  const pending = new Map<string, Deferred[]>();
  const calls: Array<{ src: string; input: unknown }> = [];
  const actors: Record<string, unknown> = {};
  for (const src of new Set(sources.values())) {
    pending.set(src, []);
    actors[src] = fromPromise(
      ({ input }) =>
        new Promise((resolve, reject) => {
          calls.push({ src, input });
          pending.get(src)!.push({ resolve, reject, input });
        }),
    );
  }
  const machine = model.machine.provide({ actors } as never) as AnyStateMachine;
  const clock = new SimulatedClock();
  const result: RunResult = { states: new Set(), transitions: new Set() };
  const record = (snapshot: AnyMachineSnapshot) => {
    for (const node of snapshot._nodes) result.states.add(node.id);
  };
  const inspect = (ev: InspectionEvent) => {
    if (ev.type !== '@xstate.microstep') return;
    const snapshot = ev.snapshot as AnyMachineSnapshot;
    if (!('_nodes' in snapshot)) return;
    record(snapshot);
    for (const t of ev._transitions as AnyTransitionDefinition[]) {
      // A transition's source was active, also a transient one (left by `always` at once).
      result.states.add((t.source as AnyStateNode).id);
      const key = transitionKey(t);
      if (key) result.transitions.add(key);
    }
  };
  const actor = createActor(machine, {
    input: model.input,
    clock,
    inspect,
    ...(options.snapshot ? { snapshot: options.snapshot as never } : {}),
  } as never) as AnyActorRef;
  actor.start();
  record(actor.getSnapshot());

  /** Settles the latest invocation of `src`. */
  const settle = (src: string, outcome: Outcome) => {
    const list = pending.get(src);
    const deferred = list?.pop();
    if (!deferred) throw new Error(`no pending "${src}" to settle`);
    if ('output' in outcome) deferred.resolve(outcome.output);
    else deferred.reject(Object.assign(new Error(outcome.error), { code: outcome.code }));
  };

  /** Replays one graph event: a user event is sent, an actor outcome settles the fake, a
   * delay advances the simulated clock. */
  const dispatch = async (event: EventObject) => {
    const e = event as EventObject & { output?: unknown; error?: { message: string; code?: number } };
    if (e.type.startsWith(DONE_ACTOR)) {
      settle(sources.get(e.type.slice(DONE_ACTOR.length))!, { output: e.output });
    } else if (e.type.startsWith(ERROR_ACTOR)) {
      settle(sources.get(e.type.slice(ERROR_ACTOR.length))!, { error: e.error!.message, code: e.error!.code });
    } else if (e.type.startsWith(AFTER)) {
      clock.increment(Number(e.type.slice(AFTER.length).split('.')[0]));
    } else {
      actor.send(e);
    }
    await flush();
    record(actor.getSnapshot());
  };
  return { actor, clock, dispatch, settle, calls, pending, result, machine };
}

export function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Runs a path against a real actor; throws at the first step whose state differs. */
export async function runPath(model: PathModel, path: Path): Promise<RunResult> {
  const run = controlledActor(model);
  try {
    const check = (expected: AnyMachineSnapshot, at: string) => {
      const actual = run.actor.getSnapshot() as AnyMachineSnapshot;
      // Contexts are plain data, so a snapshot can be persisted: structuredClone refuses functions.
      structuredClone(actual.context);
      // A model with a key of its own merges snapshots that differ only in what the key leaves
      // out (the graph keeps the first it met): the run is compared by that key.
      const seen = (s: AnyMachineSnapshot) => (model.key ? model.key(s) : json({ value: s.value, context: s.context }));
      const got = json({ state: seen(actual), status: actual.status });
      const want = json({ state: seen(expected), status: expected.status });
      if (got !== want) throw new Error(`${model.name}: ${at}\n  expected ${want}\n  got      ${got}`);
    };
    check(path.steps[0]?.state ?? path.state, 'initial state');
    for (const [i, step] of path.steps.entries()) {
      if (i === 0) continue; // xstate.init
      await run.dispatch(step.event);
      check(step.state, `after step ${i} ${describeEvent(step.event)}`);
    }
    check(path.state, 'target state');
    model.outcome?.({ snapshot: run.actor.getSnapshot() as AnyMachineSnapshot, calls: run.calls });
    return run.result;
  } finally {
    run.actor.stop();
  }
}

export interface Coverage {
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
  line: string;
}

export function coverageOf(name: string, machine: AnyStateMachine, results: RunResult[]): Coverage {
  const states = allStates(machine);
  const transitions = allTransitions(machine);
  const seenStates = new Set(results.flatMap((r) => [...r.states]));
  const seenTransitions = new Set(results.flatMap((r) => [...r.transitions]));
  const missingStates = states.filter((s) => !seenStates.has(s));
  const missingTransitions = transitions.filter((t) => !seenTransitions.has(t));
  const cov = {
    states: { covered: states.length - missingStates.length, total: states.length, missing: missingStates },
    transitions: {
      covered: transitions.length - missingTransitions.length,
      total: transitions.length,
      missing: missingTransitions,
    },
  };
  return {
    ...cov,
    line: `${name}: states ${cov.states.covered}/${cov.states.total}, transitions ${cov.transitions.covered}/${cov.transitions.total}`,
  };
}

/** Generates, runs and measures a model: what a test file (or a script) needs. */
export async function runAll(model: PathModel) {
  const paths = generatePaths(model);
  const results: RunResult[] = [];
  for (const path of paths) results.push(await runPath(model, path));
  return { paths, results, coverage: coverageOf(model.name, model.machine, results) };
}
