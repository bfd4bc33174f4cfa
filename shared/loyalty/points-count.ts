// A number of points as totals, invoices and mails print it (issue 47): Latin digits and the
// language's grouping ("1,200"), as the dictionaries print a count: the same function, under the name
// its readers use.
export { formatCount as pointsCount } from '../i18n/plural';
