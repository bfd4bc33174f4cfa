import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, utcStamp, visitCalendar } from './ics';

describe('calendar entry (RFC 5545)', () => {
  it('escapes backslashes, semicolons, commas and newlines in text', () => {
    expect(escapeText('a\\b; c, d\ne')).toBe('a\\\\b\\; c\\, d\\ne');
  });

  it('folds lines at 75 octets without splitting an Arabic character', () => {
    const line = `SUMMARY:${'سحب عينة دم '.repeat(12)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(new TextEncoder().encode(p).length).toBeLessThanOrEqual(75);
    expect(parts.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });

  it('writes UTC times and CRLF line ends', () => {
    expect(utcStamp(Date.parse('2026-11-23T04:00:00.000Z'))).toBe('20261123T040000Z');
    const ics = visitCalendar({
      uid: 'blood-test-1@shop.test',
      start: Date.parse('2026-11-23T04:00:00Z'),
      end: Date.parse('2026-11-23T06:00:00Z'),
      now: Date.parse('2026-11-22T10:00:00Z'),
      summary: 'Visit',
      description: 'Fast 10 hours, water is fine',
      location: 'Salmiya, Block 3',
      lang: 'en',
    });
    expect(ics).toContain('\r\nDTSTART:20261123T040000Z\r\nDTEND:20261123T060000Z\r\n');
    expect(ics).toContain('DESCRIPTION;LANGUAGE=en:Fast 10 hours\\, water is fine\r\n');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});
