// The visit as a calendar entry (RFC 5545): times in UTC, text escaped, lines folded at 75 octets.
const enc = new TextEncoder();

/** TEXT values: backslash, semicolon, comma and newlines escaped (RFC 5545 §3.3.11). */
export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line into lines of at most 75 octets, never splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = enc.encode(ch).length;
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** 20261123T040000Z */
export function utcStamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function visitCalendar(e: {
  uid: string;
  start: number;
  end: number;
  now: number;
  summary: string;
  description: string;
  location: string;
  lang: 'en' | 'ar';
  /** RFC 5545 §3.8.7.4: raised each time the event moves, so a calendar replaces its copy (same UID). */
  sequence?: number;
}): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    // The shop's, not one service's: blood-test visits and consultations share this calendar file.
    'PRODID:-//Gulf Vitamins//Shop//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${utcStamp(e.now)}`,
    ...(e.sequence === undefined ? [] : [`SEQUENCE:${e.sequence}`]),
    `DTSTART:${utcStamp(e.start)}`,
    `DTEND:${utcStamp(e.end)}`,
    `SUMMARY;LANGUAGE=${e.lang}:${escapeText(e.summary)}`,
    `DESCRIPTION;LANGUAGE=${e.lang}:${escapeText(e.description)}`,
    `LOCATION;LANGUAGE=${e.lang}:${escapeText(e.location)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
