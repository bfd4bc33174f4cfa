import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PERMISSIONS_POLICY,
  isMediaPage,
  isMediaPath,
  MEDIA_PAGE_IDS,
  MEDIA_PERMISSIONS_POLICY,
  permissionsPolicyFor,
} from './media-pages';
import { PAGE_PATHS } from './page-paths';

describe('media pages', () => {
  it('are the consultation call and its device check, both pages of the route table', () => {
    expect(MEDIA_PAGE_IDS).toEqual(['profile-consultation-call', 'consultation-check']);
    for (const id of MEDIA_PAGE_IDS) expect(id in PAGE_PATHS, id).toBe(true);
  });

  it('match the call of any consultation and the check, as the router does', () => {
    for (const path of [
      '/consultation-check',
      '/consultation-check/',
      '/Consultation-Check',
      '/profile/consultations/1234567890/call',
      '/profile/consultations/abc/call/',
    ])
      expect(isMediaPath(path), path).toBe(true);
    for (const path of [
      '/',
      '/profile/consultations',
      '/profile/consultations/123',
      '/profile/consultations/123/call/more',
      '/profile/consultations//call',
      '/consultation-checks',
      '/x/consultation-check',
      '/consultation/book/1',
      '/sitemap.xml',
      '/api/consultation/1/room',
    ])
      expect(isMediaPath(path), path).toBe(false);
  });

  it('are media pages in both languages', () => {
    expect(isMediaPage('/ar/consultation-check')).toBe(true);
    expect(isMediaPage('/ar/profile/consultations/7/call')).toBe(true);
    expect(isMediaPage('/ar')).toBe(false);
    expect(isMediaPage('/ar/profile/consultations/7')).toBe(false);
  });

  it('give the camera and microphone to a media page’s document only', () => {
    expect(permissionsPolicyFor('/consultation-check')).toBe(MEDIA_PERMISSIONS_POLICY);
    expect(permissionsPolicyFor('/ar/profile/consultations/7/call')).toBe(MEDIA_PERMISSIONS_POLICY);
    expect(permissionsPolicyFor('/')).toBe(DEFAULT_PERMISSIONS_POLICY);
    expect(DEFAULT_PERMISSIONS_POLICY).toBe('camera=(), microphone=(), geolocation=(), payment=(self)');
    expect(MEDIA_PERMISSIONS_POLICY).toBe('camera=(self), microphone=(self), geolocation=(), payment=(self)');
  });
});
