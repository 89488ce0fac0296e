/** Helpers shared by the machines. The app's actors reject with an Error whose message is
 * already in the user's language (docs/product.md §8: the server message is shown as it is), so the
 * machines keep it as a Text with the same string in both languages. */
import type { Text } from '../src/domain/text.ts';

/** A message that arrived already translated (server `msg`, a rejected call). */
export function sameText(message: string): Text {
  return { zh: message, en: message };
}

/** The Text of whatever an actor rejected with (an Error, a string, `{ message }`). */
export function errorText(error: unknown): Text {
  if (error instanceof Error) return sameText(error.message);
  if (typeof error === 'string') return sameText(error);
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return sameText(error.message);
  }
  return sameText(String(error));
}

/** The refusal's code of whatever an actor rejected with (the app's ApiError carries the
 * server's), or null: the code a machine acts on (docs/product.md §8). */
export function errorCode(error: unknown): number | null {
  return error && typeof error === 'object' && 'code' in error && typeof error.code === 'number' ? error.code : null;
}

/** The body of a placeholder actor: machines name their side effects, and the view (or a
 * test) provides the real ones with `machine.provide({ actors })`. */
export function notProvided(name: string): never {
  throw new Error(`actor "${name}" was not provided: provide it with machine.provide({ actors })`);
}

/** Params of a done event for guards and actions declared in `setup`: `{ output }`. */
export const output = <T>({ event }: { event: { output: T } }) => ({ output: event.output });

/** Params of an error event: `{ error }`. */
export const failure = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
