/** The row actions of the invoice tables that the phones' cards and the desktop table share (ADR 0055). */

export const invoiceRowActions = {
  /** The checkout link of a pending invoice, shown short instead of its 100-character address. */
  openLink: "Abrir link",
  linkAddress: "Endereço do link de pagamento",
};
