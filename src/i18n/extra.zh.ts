/** Texts of the invoice, missed-visit and shared-order screens. */
const extraZh = {};

export default extraZh;
