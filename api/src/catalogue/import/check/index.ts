// The dry run of a catalogue or stock file: every line read and checked against the shop as it is now,
// every problem listed with its line and column, and, when there is none, the plan the import would
// carry out. Reads the rows the file names in one D1 batch, whatever its length.
// catalogue.ts checks a catalogue file with the shop's rows (shop.ts) and its brands and categories
// (taxonomy.ts); stock.ts a stock file; file.ts is the CSV reading both share.
export { checkCatalogueFile } from './catalogue';
export { PROBLEMS_LISTED } from './file';
export { checkStockFile } from './stock';
