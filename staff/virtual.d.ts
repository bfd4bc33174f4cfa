declare module 'virtual:staff-call-script' {
  /** The nutritionist's call page script (client/call/staff-entry.ts bundled by scripts/vite-staff-call-script.mjs). */
  const source: string;
  export default source;
}
