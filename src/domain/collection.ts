/** Ticket collection (docs/product.md §4.1): a paper ticket or a wristband handed out for a paid
 * ticket at a window or a gate, recorded by the staff. The ticket stays "to be checked": its
 * holder still passes the gate. Pure: the server passes what the ticket row says. */
import { z } from 'zod';
import { gateRefusal, type GateTicket } from './gate.ts';
import { fill, type Text } from './text.ts';

/** What is handed out. */
export const collectionForm = z.enum(['paper', 'wristband']);
export type CollectionForm = z.output<typeof collectionForm>;

export const COLLECTION_FORMS: Record<CollectionForm, Text> = {
  paper: { zh: '纸质票', en: 'paper ticket' },
  wristband: { zh: '手环', en: 'wristband' },
};

export const COLLECTION_REFUSALS = {
  collected: { zh: '已取票（{form}，{time}）', en: 'Already collected ({form}, {time})' },
} as const satisfies Record<string, Text>;

/** A ticket as the window or gate sees it when handing out. */
export interface CollectionTicket extends GateTicket {
  /** How and when ('HH:mm') it was collected, when it was. */
  collected: { form: CollectionForm; at: string } | null;
}

/** Why nothing may be handed out for this ticket here now (null: hand it out): the gate's reasons
 * (paid and not used, for today, for this hall), and not twice. */
export function collectionRefusal(t: CollectionTicket, place: { hallId: number; today: string }): Text | null {
  const notHere = gateRefusal(t, place);
  if (notHere) return notHere;
  if (t.collected) return fill(COLLECTION_REFUSALS.collected, { form: COLLECTION_FORMS[t.collected.form], time: t.collected.at });
  return null;
}

/** The settings that decide what a collected ticket may still do (config refund_for_print_ticket,
 * change_switch_after_get_ticket: '1' allows, anything else refuses). */
export interface AfterCollection {
  refund: boolean;
  change: boolean;
}

export function afterCollection(config: Record<string, string>): AfterCollection {
  return { refund: config.refund_for_print_ticket?.trim() === '1', change: config.change_switch_after_get_ticket?.trim() === '1' };
}
