/** The QA catalogue of a machine (docs/qa/): a state diagram in Mermaid with each state's
 * `meta` description, and the numbered paths as steps a person can follow, with the states
 * each covers and a coverage table. Written by `npm run qa:paths`, checked for staleness by
 * the machine lane. The numbers are the ones the browser lane runs (`npm run test:paths`). */
import { createHash } from 'node:crypto';
import { getStateNodes } from '@xstate/graph';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import { allStates, allTransitions, type Path, type PathModel, type RunResult } from './paths.ts';

export const QA_DIR = 'docs/qa';

/** The model whose paths the browser lane drives (tests/paths/models/). */
export const BROWSER_MODEL = 'in the browser';

/** A path's name in the catalogue and in the browser lane: per model, numbered from 1; the
 * trailing space keeps "#1 " from matching "#12". */
export const pathTitle = (machine: string, model: string, n: number) => `${machine}: ${model} #${n} `;

/** The paths QA follows: every generated one but the simple paths (orderings, counted only). */
export const inCatalogue = (path: Path) => path.generator !== 'simple';

const description = (node: AnyStateNode): string => (node.meta as { description?: string } | undefined)?.description ?? node.key;

/** Mermaid ids: the state id with its dots and other signs replaced. */
const mid = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9]/g, '_');

/** A label without the signs that end a Mermaid label. */
const label = (text: string) =>
  text
    .replace(/[:;#{}\n]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The event of a transition as a person reads it. */
function eventLabel(eventType: string): string {
  if (eventType === '') return 'at once';
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `${done[1]} answers`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `${error[1]} fails`;
  const after = /^xstate\.after\.(\d+)\./.exec(eventType);
  if (after) return `after ${Number(after[1]) / 1000} s`;
  if (eventType.startsWith('xstate.done.state.')) return 'all parts done';
  return eventType;
}

/** The machine as a Mermaid stateDiagram: compound states nest, each state has its description. */
export function diagramOf(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  const emit = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states) as AnyStateNode[];
    for (const [i, child] of children.entries()) {
      if (node.type === 'parallel' && i > 0) lines.push(`${indent}--`);
      // Each state shows its name and its description.
      const text = `${label(child.key)} — ${label(description(child))}`;
      if (Object.keys(child.states).length > 0) {
        lines.push(`${indent}state "${text}" as ${mid(child)} {`);
        emit(child, `${indent}  `);
        lines.push(`${indent}}`);
      } else lines.push(`${indent}${mid(child)} : ${text}`);
    }
    if (node.type !== 'parallel' && node.initial?.target?.[0]) lines.push(`${indent}[*] --> ${mid(node.initial.target[0] as AnyStateNode)}`);
    for (const child of children) if (child.type === 'final') lines.push(`${indent}${mid(child)} --> [*]`);
  };
  emit(machine.root, '  ');
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    const transitions = [...node.transitions.values()].flat().concat(node.always ?? []);
    for (const t of transitions) {
      for (const target of (t.target ?? []) as AnyStateNode[]) {
        const guard = t.guard ? ` [${typeof t.guard === 'string' ? t.guard : ((t.guard as { type?: string }).type ?? 'guard')}]` : '';
        lines.push(`  ${mid(node)} --> ${mid(target)} : ${label(eventLabel(t.eventType) + guard)}`);
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The source a drawing was made from, as the drawing records it (so a stale one is found
 * without drawing it again). */
export const sourceMark = (diagram: string) => `<!-- drawn from mmd sha256 ${createHash('sha256').update(diagram).digest('hex')} -->`;

/** The diagram drawn, for reading without a Mermaid viewer. The renderer (beautiful-mermaid, in
 * Node, no browser; loaded only to draw) links a web font: dropped, the page stays offline. */
export async function svgOf(diagram: string): Promise<string> {
  const { renderMermaidSVG } = await import('beautiful-mermaid');
  const svg = renderMermaidSVG(diagram, { font: 'Noto Sans CJK SC' }).replace(/^\s*@import url\([^)]*\);\n/m, '');
  return svg.replace(/^(<svg[^>]*>)/, `$1\n${sourceMark(diagram)}`);
}

/** One step as a person does it: the model's words for the event, or the event made readable. */
function stepText(model: PathModel, event: EventObject): string {
  const e = event as EventObject & { output?: unknown; error?: { message: string } };
  const done = /^xstate\.done\.actor\.(.+)$/.exec(e.type);
  if (done) return `${done[1]} answers${summary(e.output)}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(e.type);
  if (error) return `${error[1]} fails: "${e.error?.message}"`;
  const after = /^xstate\.after\.(\d+)\./.exec(e.type);
  if (after) return `wait ${Number(after[1]) / 1000} s`;
  const say = model.say?.[e.type];
  if (typeof say === 'function') return say(e);
  if (typeof say === 'string') return say;
  const { type, ...args } = e as EventObject & Record<string, unknown>;
  const values = Object.values(args).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  return `${type.toLowerCase().replace(/[._]/g, ' ')}${values.length ? ` (${values.join(', ')})` : ''}`;
}

/** A short account of an actor's answer: its code and message, or its size. */
function summary(output: unknown): string {
  if (output === null || output === undefined) return '';
  if (Array.isArray(output)) return ` (${output.length} item${output.length === 1 ? '' : 's'})`;
  if (typeof output === 'object') {
    const o = output as { code?: number; msg?: string };
    if (typeof o.code === 'number') return ` (code ${o.code}${o.msg ? `: "${o.msg}"` : ''})`;
    return '';
  }
  return ` (${JSON.stringify(output)})`;
}

/** Where a snapshot is, in the machine's own words: its deepest states' descriptions. */
function whereText(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): string {
  const leaves = (snapshot._nodes as AnyStateNode[]).filter((n) => n.type !== 'compound' && n.type !== 'parallel' && n !== machine.root);
  return leaves.map((n) => `${description(n)} (\`${n.id}\`)`).join('; ');
}

export interface CatalogueEntry {
  model: PathModel;
  path: Path;
  result: RunResult;
}

/** The catalogue page of a machine. */
export function catalogueOf(name: string, machine: AnyStateMachine, entries: CatalogueEntry[], simpleCount: number): string {
  const states = allStates(machine);
  const transitions = allTransitions(machine);
  const seenStates = new Set(entries.flatMap((e) => [...e.result.states]));
  const seenTransitions = new Set(entries.flatMap((e) => [...e.result.transitions]));
  const out: string[] = [];
  out.push(`# ${name}`, '');
  out.push(`${(machine.root.meta as { description?: string } | undefined)?.description ?? name}.`, '');
  out.push(`![The states of ${name}](${name}.svg)`, '', `Diagram source (Mermaid): [${name}.mmd](${name}.mmd).`, '');
  out.push('| | covered | total |', '|---|---|---|');
  out.push(`| states | ${states.filter((s) => seenStates.has(s)).length} | ${states.length} |`);
  out.push(`| transitions | ${transitions.filter((t) => seenTransitions.has(t)).length} | ${transitions.length} |`);
  out.push(`| paths | ${entries.length} | ${entries.length}${simpleCount ? ` (+ ${simpleCount} simple paths of orderings, run in memory only)` : ''} |`, '');
  if (entries.some((e) => e.model.name === BROWSER_MODEL)) {
    out.push(
      `The paths of "${BROWSER_MODEL}" run in Chromium against the real server: \`npm run test:paths -- -g "${pathTitle(name, BROWSER_MODEL, 1)}"\` runs the first.`,
      '',
    );
  }
  const numbers = new Map<PathModel, number>();
  for (const { model, path, result } of entries) {
    const n = (numbers.get(model) ?? 0) + 1;
    numbers.set(model, n);
    out.push(`## ${pathTitle(name, model.name, n)}(${path.generator})`, '');
    out.push(`Ends: ${whereText(machine, path.state)}.`, '');
    const [first, ...rest] = path.steps;
    out.push(`1. Start: ${whereText(machine, first?.state ?? path.state)}.`);
    for (const step of rest) out.push(`1. ${stepText(model, step.event)} → ${whereText(machine, step.state)}.`);
    out.push(
      '',
      `States: ${[...result.states]
        .filter((s) => s !== machine.id)
        .sort()
        .map((s) => `\`${s}\``)
        .join(', ')}.`,
      '',
    );
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** docs/qa/README.md: every machine's page with its coverage line. */
export function indexOf(rows: Array<{ name: string; states: string; transitions: string; paths: number }>): string {
  const out = [
    "# QA: the machines' paths",
    '',
    'Written by `npm run qa:paths` (the machine lane fails when a page is stale). Each page has the',
    "machine's state diagram (drawn, and its Mermaid source; each state with its description) and its numbered paths, as",
    'steps to follow in the app. `npm run test:paths` drives the paths of the machines with a',
    'browser mapping (tests/paths/) in Chromium against the real server; run one by its title,',
    '`npm run test:paths -- -g "waitingList: in the browser #3 "`.',
    '',
    '| machine | states | transitions | paths |',
    '|---|---|---|---|',
    ...rows.map((r) => `| [${r.name}](${r.name}.md) | ${r.states} | ${r.transitions} | ${r.paths} |`),
  ];
  return `${out.join('\n')}\n`;
}
