/** Name of the configured text (BaseSettings.texts) shown on invoice/index, when configured. */
export const INVOICE_NOTE_TEXT = 'invoice_tips';
