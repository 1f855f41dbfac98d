import { describe, expect, it } from 'vitest';
import { agentLabel } from './agent-name.ts';

describe('agentLabel', () => {
  it('shows the English name in English', () => {
    expect(agentLabel('京都さくら旅行', 'Kyoto Sakura Travel', 'en')).toBe('Kyoto Sakura Travel');
  });
  it('shows the Japanese name in Japanese, whatever the English name', () => {
    expect(agentLabel('京都さくら旅行', 'Kyoto Sakura Travel', 'ja')).toBe('京都さくら旅行');
  });
  it('falls back to the Japanese name in English when no English name is registered (empty or blank)', () => {
    expect(agentLabel('京都さくら旅行', '', 'en')).toBe('京都さくら旅行');
    expect(agentLabel('京都さくら旅行', '   ', 'en')).toBe('京都さくら旅行');
    expect(agentLabel('京都さくら旅行', undefined, 'en')).toBe('京都さくら旅行');
  });
  it('answers an empty string when there is no name at all', () => {
    expect(agentLabel(null, '', 'en')).toBe('');
    expect(agentLabel(null, null, 'ja')).toBe('');
  });
});
