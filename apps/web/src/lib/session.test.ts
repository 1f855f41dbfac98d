import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from './session.ts';

describe('safeRedirect', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeRedirect('/users?page=2')).toBe('/users?page=2');
  });

  it('refuses other sites, the login screen and nothing', () => {
    for (const target of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', '/login', '/login?redirect=/x']) {
      expect(safeRedirect(target)).toBe('/dashboard');
    }
  });
});

describe('loginPathFor', () => {
  it('remembers where the user was', () => {
    expect(loginPathFor({ pathname: '/users', search: '?query=a&page=2' })).toBe('/login?redirect=%2Fusers%3Fquery%3Da%26page%3D2');
    expect(loginPathFor({ pathname: '/', search: '' })).toBe('/login');
  });
});
