/** Request contracts of the API, shared by the server (routes declare them as schemas, so
 * a bad input is refused at the edge and published in /prod-api/openapi.json) and the client
 * (src/api/calls.ts sends `z.input` of them, so a call that drifts from its route is a type
 * error). Answers are typed by src/domain/types.ts. */
import { z } from 'zod';
import { dbId, pageNum, pageSize, text } from './schemas.ts';

/** A page of a list. */
export const pageQuery = z.object({ pageNum: pageNum(), pageSize: pageSize() });

/** The caller's orders, by status (empty: all). */
export const orderListQuery = pageQuery.extend({
  status: z.enum(['', 'toBePaid', 'completed', 'canceled', 'refunded', 'partlyRefunded', 'changed']).optional().default(''),
});

/** calculatePrice: what these tickets of this session cost. */
export const priceRequest = z.object({
  hallScheduleId: dbId(),
  ticketInfoList: z.array(z.object({ ticketPriceId: dbId() })).min(1).max(20),
});

export const cancelQuery = z.object({ orderNumber: text().max(40) });

/** refundCheckBlack and frontUserRefund: tickets of one order. */
export const ticketIdsBody = z.object({ ticketIds: z.array(dbId()).max(50) });

/** rebook/person: move these tickets of the order to that session. */
export const rebookBody = z.object({ orderId: dbId(), ticketIds: z.array(dbId()).max(50), hallScheduleId: dbId() });

export const shortLinkBody = z.object({ shortLinkFlag: text().min(8).max(100) });

// The shape only (and a cap on size); the rules and their messages are checkInvoice's.
const optionalText = text()
  .max(1000)
  .nullish()
  .transform((v) => v ?? undefined);

/** invoice/apply: the title of an invoice for a paid order. */
export const invoiceApplyBody = z.object({
  orderId: dbId(),
  titleType: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])),
  title: text().max(1000),
  taxNumber: optionalText,
  addressPhone: optionalText,
  bankAccount: optionalText,
  content: optionalText,
  email: text().max(1000),
});
