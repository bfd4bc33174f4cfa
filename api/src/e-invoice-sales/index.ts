// Every Saudi sale and refund becomes an e-invoice (issue 75, decision 75): the statement that records
// the need in the sale's own batch (records.ts), the signing after it and the minute sweep (sign.ts).
export {
  bookingCreditRecord,
  bookingInvoiceRecord,
  consultationCreditRecords,
  eInvoiced,
  orderCreditRecords,
  orderDebitRecord,
  orderInvoiceRecord,
  saleVat,
} from './records';
export { signBookingDocuments, signOrderDocuments, signSoon, sweepWaitingEInvoices } from './sign';
