import { describe, expect, it } from 'vitest';
import { formatDate, formatDateAndWindow, formatSlotDay, formatTimeWindow } from './dates';

// 21 November 2026, 10:00 UTC: 13:00 in Kuwait and Riyadh; 11 Jumada al-Akhirah 1448 by Umm al-Qura.
const day = Date.UTC(2026, 10, 21, 10, 0);

describe('formatDate', () => {
  it('prints the Gregorian date with Latin digits in both languages and both countries', () => {
    expect(formatDate(day, 'en', 'KW')).toBe('Nov 21, 2026');
    expect(formatDate(day, 'en', 'SA')).toBe('Nov 21, 2026');
    expect(formatDate(day, 'ar', 'KW', { hijri: false })).toBe('21 نوفمبر 2026');
    // ar-SA's default calendar is the Hijri one: unpinned, the server and the browser disagreed.
    expect(formatDate(day, 'ar', 'SA', { hijri: false })).toBe('21 نوفمبر 2026');
  });

  it('gives every Arabic date its Umm al-Qura date, unasked, with a time after both (issue 73)', () => {
    // The rule of docs/recipes/add-a-text.md: a return deadline, a points line, an invoice date read as the promise.
    expect(formatDate(day, 'ar', 'KW')).toBe('21 نوفمبر 2026 (11\u00a0جمادى\u00a0الآخرة\u00a01448\u00a0هـ)');
    expect(formatDate(day, 'ar', 'SA', { time: true })).toBe(
      '21 نوفمبر 2026 (11\u00a0جمادى\u00a0الآخرة\u00a01448\u00a0هـ)، 1:00 م',
    );
  });

  it('adds the Umm al-Qura Hijri date in Arabic where asked, never in English', () => {
    expect(formatDate(day, 'ar', 'SA', { hijri: true })).toBe(
      '21 نوفمبر 2026 (11\u00a0جمادى\u00a0الآخرة\u00a01448\u00a0هـ)',
    );
    expect(formatDate(day, 'ar', 'KW', { hijri: true })).toBe(
      '21 نوفمبر 2026 (11\u00a0جمادى\u00a0الآخرة\u00a01448\u00a0هـ)',
    );
    expect(formatDate(day, 'en', 'KW', { hijri: true })).toBe('Nov 21, 2026');
  });

  it('uses the shop time zone, whatever the machine is set to', () => {
    const lateEvening = Date.UTC(2026, 10, 21, 21, 30); // 00:30 on the 22nd in Kuwait and Riyadh
    expect(formatDate(lateEvening, 'en', 'KW')).toBe('Nov 22, 2026');
    expect(formatDate(lateEvening, 'en', 'SA', { time: true })).toBe('Nov 22, 2026, 12:30 AM');
    expect(formatDate(lateEvening, 'ar', 'SA', { time: true, hijri: false })).toBe('22 نوفمبر 2026 في 12:30 ص');
  });
});

describe('formatSlotDay', () => {
  it('names the weekday and date, with the Umm al-Qura day in Arabic only', () => {
    expect(formatSlotDay(day, 'en', 'KW')).toEqual({ day: 'Sat, Nov 21', hijri: null });
    expect(formatSlotDay(day, 'ar', 'SA')).toEqual({
      day: 'السبت، 21 نوفمبر',
      hijri: '11\u00a0جمادى\u00a0الآخرة',
    });
  });

  it('takes the day in the shop time zone, so a late-evening UTC time is already the next day', () => {
    const lateEvening = Date.UTC(2026, 10, 21, 21, 30);
    expect(formatSlotDay(lateEvening, 'en', 'SA').day).toBe('Sun, Nov 22');
    expect(formatSlotDay(lateEvening, 'ar', 'KW').hijri).toBe('12\u00a0جمادى\u00a0الآخرة');
  });
});

describe('formatTimeWindow', () => {
  it('prints a visit window in the shop time zone in both languages', () => {
    const start = Date.UTC(2026, 10, 21, 4, 0); // 07:00 in Kuwait
    const end = Date.UTC(2026, 10, 21, 6, 0);
    expect(formatTimeWindow(start, end, 'en', 'KW')).toBe('7:00 AM – 9:00 AM');
    expect(formatTimeWindow(start, end, 'ar', 'SA')).toBe('7:00 ص – 9:00 ص');
  });
});

describe('formatDateAndWindow', () => {
  const start = Date.UTC(2026, 10, 21, 7, 15); // 10:15 in Kuwait
  const end = Date.UTC(2026, 10, 21, 7, 35);

  it('joins an Arabic date and its time with the Arabic comma, never a Latin one', () => {
    const text = formatDateAndWindow(start, end, 'ar', 'KW', { hijri: true });
    expect(text).toBe('21 نوفمبر 2026 (11\u00a0جمادى\u00a0الآخرة\u00a01448\u00a0هـ)، 10:15 ص – 10:35 ص');
    expect(text).not.toContain(',');
  });

  it('joins an English date and its time with a comma and a space', () => {
    expect(formatDateAndWindow(start, end, 'en', 'SA', { hijri: true })).toBe('Nov 21, 2026, 10:15 AM – 10:35 AM');
  });
});
